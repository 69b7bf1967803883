"""Network play: the same table carried over the network. The server's side (server.py, tables.py, runner.py,
lobby.py, database.py) and a window's (client.py: ``RemoteTable``), speaking the messages of messages.py, parsed
once at the edge (protocol.py); hosting from the game (host.py) and finding tables on the local network
(discovery.py)."""
