"""Tables with friends: the peer layer's core (docs/protocol.md).

``protocol`` (the versioned, validated message format), ``view_sync`` (views as deltas),
``host`` (the host's room over its table) and ``guest`` (a guest's phone). Pure Python for
CPython and Pyodide alike: no ``js``, no DOM, no sockets; transports plug in from outside.
"""
