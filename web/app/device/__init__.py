"""The phone itself: sound, vibration, the keyboard, the screen kept awake, shaking, storage's
warnings; thin browser glue, each behind one module (docs/architecture.md)."""
