"""A TCP forwarder the tests can switch off and on: Neo4j 'goes away' and 'comes back' on the
same address, with no change to the driver (no mocks).

``blackhole()`` is the nasty outage: connections are still accepted and bytes still read, but
nothing is forwarded or answered (a silent network partition, a frozen server). ``restore()``
cuts the connections that were swallowed, as a middlebox does once its flows time out."""

from __future__ import annotations

import contextlib
import socket
import threading


def _pump(source: socket.socket, target: socket.socket, holes: threading.Event) -> None:
    try:
        while data := source.recv(65536):
            if not holes.is_set():
                target.sendall(data)
    except OSError:
        pass
    finally:
        for sock in (source, target):
            with contextlib.suppress(OSError):
                sock.shutdown(socket.SHUT_RDWR)


def _swallow(client: socket.socket) -> None:
    """A connection accepted during a blackhole: read and drop until it is cut."""
    with contextlib.suppress(OSError):
        while client.recv(65536):
            pass


class TcpProxy:
    def __init__(self, target_host: str, target_port: int) -> None:
        self.target = (target_host, target_port)
        probe = socket.socket()
        probe.bind(("127.0.0.1", 0))
        self.port = probe.getsockname()[1]
        probe.close()
        self._listener: socket.socket | None = None
        self._stop = threading.Event()
        self._open: list[socket.socket] = []
        self._threads: list[threading.Thread] = []
        self._acceptor: threading.Thread | None = None
        self._holes = threading.Event()

    def blackhole(self) -> None:
        """From now on swallow every byte both ways, and accept new connections into a void."""
        self._holes.set()

    def restore(self) -> None:
        """Forward again; connections that lost bytes in the hole are cut (their Bolt stream
        is broken), new ones reach Neo4j."""
        self._holes.clear()
        for sock in self._open:
            with contextlib.suppress(OSError):
                sock.shutdown(socket.SHUT_RDWR)
            sock.close()
        self._open.clear()

    def start(self) -> None:
        listener = socket.socket()
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listener.bind(("127.0.0.1", self.port))
        listener.listen()
        listener.settimeout(0.05)
        self._listener = listener
        self._stop.clear()
        self._acceptor = threading.Thread(target=self._accept, daemon=True)
        self._acceptor.start()

    def stop(self) -> None:
        """Refuse new connections and cut every open one."""
        self._stop.set()
        if self._acceptor is not None:
            self._acceptor.join(timeout=5)
        for sock in self._open:
            with contextlib.suppress(OSError):
                sock.shutdown(socket.SHUT_RDWR)
            sock.close()
        for thread in self._threads:
            thread.join(timeout=5)
        if self._listener is not None:
            self._listener.close()
        self._open.clear()
        self._threads.clear()

    def _spawn(self, target: object, *args: object) -> None:
        thread = threading.Thread(target=target, args=args, daemon=True)  # type: ignore[arg-type]
        self._threads.append(thread)
        thread.start()

    def _accept(self) -> None:
        assert self._listener is not None
        while not self._stop.is_set():
            try:
                client, _ = self._listener.accept()
            except TimeoutError:
                continue
            except OSError:
                return
            client.settimeout(None)
            if self._holes.is_set():
                self._open.append(client)
                self._spawn(_swallow, client)
                continue
            upstream = socket.create_connection(self.target)
            self._open += [client, upstream]
            self._spawn(_pump, client, upstream, self._holes)
            self._spawn(_pump, upstream, client, self._holes)
