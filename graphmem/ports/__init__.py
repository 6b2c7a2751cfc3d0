"""Ports: what the services need from the outside world, as typing.Protocols."""
