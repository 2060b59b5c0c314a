"""Game hosts: what the dashboard and the command line talk to instead of a `Game` they own.

A local host keeps one game in memory for hot seat; a shared host keeps a game in a SQLite
store that several processes attach to, each as one side or as a spectator; play by mail
moves the same records between two stores in signed move files.
"""
