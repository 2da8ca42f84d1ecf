"""What clients reach: the ASGI app, the HTTP endpoints, the table WebSocket, the reading
pages, and the limits and checks around them.
"""
