"""A helper of the tests of what a command draws on a terminal: a stream that says it is one."""


class FakeTerminal:
    """A writable stream whose ``isatty()`` is True; ``text`` holds what was written."""

    text = ""

    def isatty(self):
        return True

    def write(self, s):
        self.text += s

    def flush(self):
        pass
