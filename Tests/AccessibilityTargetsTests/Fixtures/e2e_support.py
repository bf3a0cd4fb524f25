"""What the end-to-end drivers share (gnome-e2e.py, kwin-e2e.py): checks and
figures printed one per line, PNG reading and writing, pixel differences, and
child processes whose output is collected."""
import struct
import subprocess
import threading
import time
import zlib

failures = []


def check(name, good, detail=""):
    print("%s %s %s" % ("ok" if good else "FAIL", name, detail), flush=True)
    if not good:
        failures.append(name)


def figure(name, value):
    print("figure %s %s" % (name, value), flush=True)


def read_png(path):
    """(width, height, rows of (r, g, b, a)) of an 8-bit RGB or RGBA PNG."""
    data = open(path, "rb").read()
    pos, idat, width = 8, b"", 0
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            width, height, depth, ctype = struct.unpack(">IIBB", body[:10])
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    channels = 4 if ctype == 6 else 3
    raw = zlib.decompress(idat)
    stride = width * channels
    rows, prev = [], bytearray(stride)
    for y in range(height):
        f = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - channels] if i >= channels else 0
            b = prev[i]
            c = prev[i - channels] if i >= channels else 0
            if f == 1:
                line[i] = (line[i] + a) & 255
            elif f == 2:
                line[i] = (line[i] + b) & 255
            elif f == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(line)
        prev = line
    return width, height, channels, rows


def changed_box(a, b, x0, y0, x1, y1, threshold=24):
    """Bounding box of the pixels that differ between two shots inside a rectangle."""
    _, _, ch, ra = a
    _, _, _, rb = b
    xs, ys = [], []
    for y in range(max(0, y0), y1):
        la, lb = ra[y], rb[y]
        for x in range(max(0, x0), x1):
            i = x * ch
            if abs(la[i] - lb[i]) + abs(la[i + 1] - lb[i + 1]) + abs(la[i + 2] - lb[i + 2]) > threshold:
                xs.append(x)
                ys.append(y)
    if not xs:
        return None
    return min(xs), min(ys), max(xs) - min(xs) + 1, max(ys) - min(ys) + 1


class Process:
    """A child whose output lines are collected; wait_for finds a line."""

    def __init__(self, argv, env=None, stdin=False):
        self.lines = []
        self.proc = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                                     stdin=subprocess.PIPE if stdin else subprocess.DEVNULL, env=env)
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        for line in self.proc.stdout:
            self.lines.append(line.rstrip("\n"))

    def wait_for(self, prefix, timeout=10):
        end = time.time() + timeout
        while time.time() < end:
            for line in list(self.lines):
                if prefix in line:
                    return line
            time.sleep(0.05)
        return None

    def send(self, line):
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()


def write_png(path, width, height, channels, rows):
    """An 8-bit RGB(A) PNG of rows of bytes (r, g, b[, a] per pixel)."""
    def chunk(kind, body):
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body) & 0xffffffff)
    raw = b"".join(b"\0" + bytes(r) for r in rows)
    ihdr = struct.pack(">IIBBBBB", width, height, 8, 6 if channels == 4 else 2, 0, 0, 0)
    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", zlib.compress(raw, 3)) + chunk(b"IEND", b""))

