"""The wire under a table with friends: the host's links to its guests (`links`), WebRTC data
channels (`webrtc`) and the relay's WebSocket path (`relay_link`); they carry the core's frames."""
