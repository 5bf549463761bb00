#!/usr/bin/env python3
"""A real HTTP server on 127.0.0.1 for the image pipeline tests.

Usage: image_server.py FOLDER. Binds a free port and prints it as the first stdout line.

  /images/NAME        the file FOLDER/NAME (200, Content-Length)
  /slow/NAME?ms=N     waits N ms, then serves NAME
  /status/CODE        answers CODE with a short text body
  /hang               accepts and never answers
  /trickle/NAME       announces NAME's length, then sends 16 bytes every 100 ms
  /truncated/NAME     announces NAME's length, sends half, closes the connection
  /redirect/NAME      302 to /images/NAME
  /slowstatus/CODE    answers CODE announcing a 1 MB body, then trickles it
  /stall/NAME         announces NAME's length, sends half, then nothing for 120 s (open)
  /gzip/NAME          NAME gzip-compressed, Content-Encoding: gzip, the compressed length
  /stats              JSON: hits per request path so far, query string included
"""
import gzip
import json
import os
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlparse

FOLDER = sys.argv[1]
HITS = {}
LOCK = threading.Lock()


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def file_bytes(self, name):
        path = os.path.join(FOLDER, os.path.basename(name))
        with open(path, "rb") as handle:
            return handle.read()

    def send_head(self, status, length, content_type=None, headers=()):
        """Status line, the given headers and Content-Length, then the blank line."""
        self.send_response(status)
        if content_type is not None:
            self.send_header("Content-Type", content_type)
        for name, value in headers:
            self.send_header(name, value)
        self.send_header("Content-Length", str(length))
        self.end_headers()

    def send_body(self, status, body, content_type="application/octet-stream"):
        self.send_head(status, len(body), content_type)
        self.wfile.write(body)
        self.wfile.flush()

    def do_GET(self):
        url = urlparse(self.path)
        parts = url.path.strip("/").split("/", 1)
        kind, name = parts[0], (parts[1] if len(parts) > 1 else "")
        with LOCK:
            HITS[self.path] = HITS.get(self.path, 0) + 1
        try:
            if kind == "images":
                self.send_body(200, self.file_bytes(name))
            elif kind == "slow":
                time.sleep(int(parse_qs(url.query).get("ms", ["500"])[0]) / 1000)
                self.send_body(200, self.file_bytes(name))
            elif kind == "status":
                self.send_body(int(name), b"status " + name.encode(), content_type="text/plain")
            elif kind == "hang":
                time.sleep(120)
            elif kind == "trickle":
                body = self.file_bytes(name)
                self.send_head(200, len(body))
                for start in range(0, len(body), 16):
                    self.wfile.write(body[start:start + 16])
                    self.wfile.flush()
                    time.sleep(0.1)
            elif kind == "truncated":
                body = self.file_bytes(name)
                self.send_head(200, len(body))
                self.wfile.write(body[: len(body) // 2])
                self.wfile.flush()
                self.close_connection = True
            elif kind == "stall":
                body = self.file_bytes(name)
                self.send_head(200, len(body))
                self.wfile.write(body[: len(body) // 2])
                self.wfile.flush()
                time.sleep(120)
            elif kind == "gzip":
                # Level 0 (stored): the gzip stream is longer than the file, so the decoded body
                # is always shorter than the Content-Length that counts the stream.
                body = gzip.compress(self.file_bytes(name), compresslevel=0)
                self.send_head(200, len(body), "image/jpeg", headers=[("Content-Encoding", "gzip")])
                self.wfile.write(body)
                self.wfile.flush()
            elif kind == "slowstatus":
                self.send_head(int(name), 1 << 20)
                for _ in range(600):
                    self.wfile.write(b"x" * 64)
                    self.wfile.flush()
                    time.sleep(0.05)
            elif kind == "redirect":
                self.send_head(302, 0, headers=[("Location", "/images/" + name)])
            elif kind == "stats":
                with LOCK:
                    body = json.dumps(HITS).encode()
                self.send_body(200, body, content_type="application/json")
            else:
                self.send_body(404, b"no such endpoint", content_type="text/plain")
        except (BrokenPipeError, ConnectionResetError):
            pass
        except FileNotFoundError:
            self.send_body(404, b"no such file", content_type="text/plain")


def exit_when_parent_goes():
    sys.stdin.read()  # EOF: the test process closed its end or died
    os._exit(0)


threading.Thread(target=exit_when_parent_goes, daemon=True).start()
server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
server.daemon_threads = True
print(server.server_address[1], flush=True)
server.serve_forever()
