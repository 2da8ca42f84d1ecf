"""What travels on the wire: the payloads each seat or watcher is sent, and the client
messages' parsing with its error codes.
"""
