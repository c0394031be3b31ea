"""The ``crib-stats serve`` subcommand: :func:`run` runs it (an exit code; its grammar is in
:mod:`crib_stats.presentation.parser` with every command's). FastAPI and uvicorn are imported by :func:`run`
only, so ``crib-stats --help`` stays instant and works without the ``web`` extra."""

from __future__ import annotations

import errno
import ipaddress
import socket
import sys

from crib_stats.core.errors import UsageError

from crib_stats.presentation.grammar.base import whole_number
from crib_stats.presentation.grammar.serve import HEAVY_WORKERS, MAX_HEAVY_WORKERS
from crib_stats.presentation.parser import SERVE_HOST as DEFAULT_HOST, SERVE_PORT as DEFAULT_PORT
LOOPBACK_NAMES = frozenset({"127.0.0.1", "localhost", "[::1]"})


def is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False



def install_web_line() -> str:
    """How to install the ``web`` extra into the Python that runs crib-stats: from this checkout
    when crib-stats runs from one (an editable install: ``make run`` does it), else the extra's
    own requirements as installed crib-stats lists them (``crib-stats[web]`` from an index may be
    another package)."""
    import shlex
    from pathlib import Path

    python = shlex.quote(sys.executable)
    root = Path(__file__).resolve().parents[3]
    if (root / "pyproject.toml").is_file() and (root / "crib_stats" / "presentation" / "web").is_dir():
        return f"{python} -m pip install -e {shlex.quote(str(root) + '[web]')} (this checkout's; make run does it)"
    try:
        from importlib.metadata import requires

        needs = [r.split(";")[0].strip() for r in requires("crib-stats") or () if 'extra == "web"' in r]
    except Exception:  # noqa: BLE001  (no metadata: a copy run from its files)
        needs = []
    return f"{python} -m pip install {' '.join(shlex.quote(n) for n in needs or ['fastapi', 'uvicorn'])}"


def _heavy_workers(text: str | None) -> int:
    """The heavy pool's processes: ``--heavy-workers``, or the default."""
    n = whole_number(text, "serve: --heavy-workers", 1)
    if n is not None and n > MAX_HEAVY_WORKERS:
        raise UsageError(f"serve: --heavy-workers must be at most {MAX_HEAVY_WORKERS}, got {n}")
    return HEAVY_WORKERS if n is None else n


def _port(text: str | None) -> tuple[int, bool]:
    """(port, chosen by the user)."""
    if text is None:
        return DEFAULT_PORT, False
    try:
        port = int(text)
    except ValueError:
        raise UsageError(f"serve: --port takes a whole number, got {text[:12]!r}") from None
    if not 0 <= port <= 65535:
        raise UsageError(f"serve: --port must be between 0 and 65535, got {port}")
    return port, True


def bind(host: str, port: int, fallback: bool) -> socket.socket:
    """A listening socket on host:port; with ``fallback``, any free port when that one is taken."""
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except socket.gaierror:
        raise UsageError(f"serve: --host {host[:40]!r} is not an address of this machine") from None
    family, _, _, _, address = infos[0]
    for attempt in (address, (address[0], 0) + tuple(address[2:])):
        sock = socket.socket(family, socket.SOCK_STREAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        # inherited by every accepted connection: a response's header and body segments go out at
        # once (with Nagle's algorithm the second waited for the client's delayed ACK, 40 ms)
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        try:
            sock.bind(attempt)
        except OSError as exc:
            sock.close()
            if exc.errno == errno.EADDRINUSE and fallback and attempt[1] != 0:
                continue
            raise UsageError(f"serve: cannot listen on {host}:{attempt[1]}: {exc.strerror}") from None
        sock.listen(128)
        return sock
    raise AssertionError("unreachable")  # pragma: no cover


def url_of(sock: socket.socket) -> str:
    host, port = sock.getsockname()[:2]
    shown = f"[{host}]" if ":" in host else host
    return f"http://{shown}:{port}/"


def run(args, *, on_ready=None) -> int:
    """Serve until Ctrl-C (uvicorn stops cleanly on it). ``on_ready(server, url)`` is called once
    the server listens, its kernels warm (not with ``--no-warm``; the tests stop it with
    ``server.should_exit = True``)."""
    port, chosen = _port(args.port)
    heavy_workers = _heavy_workers(getattr(args, "heavy_workers", None))
    try:
        import uvicorn

        from crib_stats.presentation.web.app import create_app
    except ImportError as exc:
        raise UsageError(f"serve needs the web extra ({exc.name} is missing): {install_web_line()}") from None
    if not is_loopback(args.host):
        print(f"crib-stats: warning: --host {args.host} serves the page to other machines on the network; "
              "the server has no login and is meant for this machine (127.0.0.1)", file=sys.stderr)
    from crib_stats.presentation.web.games_store import StoreError, check as check_db

    try:  # a file it cannot use: one line, before it listens
        db = check_db(getattr(args, "db", None))
    except StoreError as exc:
        raise UsageError(f"serve --db: {exc}") from None
    sock = bind(args.host, port, fallback=not chosen or port == DEFAULT_PORT)
    url = url_of(sock)
    if port != 0 and sock.getsockname()[1] != port:
        print(f"crib-stats: port {port} is taken; using {sock.getsockname()[1]}", file=sys.stderr)
    warm = not getattr(args, "no_warm", False)
    if warm:
        print("crib-stats: warming the kernels...", file=sys.stderr, flush=True)
    hosts = LOOPBACK_NAMES | {args.host.lower()} if is_loopback(args.host) else None
    config = uvicorn.Config(create_app(warm_kernels=warm, allowed_hosts=hosts, db=db, heavy_workers=heavy_workers),
                            log_level="warning", access_log=False, lifespan="on")
    server = uvicorn.Server(config)
    opened = False

    async def announce():  # after start-up (the kernels are warm): the URL, then the browser
        nonlocal opened
        print(f"crib-stats: serving on {url} (Ctrl-C stops)", flush=True)
        if args.open and not opened:
            import webbrowser

            opened = True
            webbrowser.open(url)
        if on_ready is not None:
            on_ready(server, url)

    startup = server.startup

    async def startup_then_announce(sockets=None):
        await startup(sockets=sockets)
        if server.started:
            await announce()

    server.startup = startup_then_announce
    try:
        server.run(sockets=[sock])
    finally:
        sock.close()
    if not server.started:
        raise UsageError("serve: the server did not start (see the lines above)")
    return 0


class BackgroundServer:
    """The app served by uvicorn on a free loopback port in a daemon thread (tests, benchmarks):
    ``with BackgroundServer(app) as s: s.url``."""

    def __init__(self, app, host: str = DEFAULT_HOST, start_timeout: float = 300.0):
        import uvicorn

        self.sock = bind(host, 0, fallback=False)
        self.url = url_of(self.sock).rstrip("/")
        self.server = uvicorn.Server(uvicorn.Config(app, log_level="warning", access_log=False, lifespan="on"))
        self.start_timeout = start_timeout
        self._thread = None

    def __enter__(self) -> "BackgroundServer":
        import threading
        import time

        self._thread = threading.Thread(target=self.server.run, kwargs={"sockets": [self.sock]}, daemon=True)
        self._thread.start()
        deadline = time.monotonic() + self.start_timeout
        while not self.server.started:
            if not self._thread.is_alive() or time.monotonic() > deadline:
                raise RuntimeError("the test server did not start")
            time.sleep(0.05)
        return self

    def __exit__(self, *exc) -> None:
        self.server.should_exit = True
        self._thread.join(timeout=30)
        self.sock.close()
