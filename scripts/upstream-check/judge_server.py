"""A stand-in for the judge model only (not for any runner code): an OpenAI-compatible
/v1/chat/completions that gives every criterion named in the data files its full score. It logs each
request's model and path, so the check can show which endpoint the export called."""
import json, sys, glob
from http.server import BaseHTTPRequestHandler, HTTPServer

CRITERIA = {}
for path in sys.argv[2:]:
    for line in open(path):
        if not line.strip(): continue
        row = json.loads(line)
        info = row.get("info") or row.get("metadata", {}).get("studio_task") or {}
        if isinstance(info, str): info = json.loads(info)
        for c in (info.get("rubric") or {}).get("criteria", []):
            CRITERIA[c["key"]] = c.get("scaleMax") or 1

class H(BaseHTTPRequestHandler):
    def do_POST(self):
        body = json.loads(self.rfile.read(int(self.headers["content-length"])))
        print("JUDGE-REQUEST", self.path, body.get("model"), flush=True)
        text = json.dumps({"scores": CRITERIA, "rationale": "stand-in"})
        out = json.dumps({"id": "x", "object": "chat.completion", "created": 0, "model": body.get("model"),
                          "choices": [{"index": 0, "finish_reason": "stop", "message": {"role": "assistant", "content": text}}],
                          "usage": {"prompt_tokens": 1, "completion_tokens": 1, "total_tokens": 2}}).encode()
        self.send_response(200); self.send_header("content-type", "application/json")
        self.send_header("content-length", str(len(out))); self.end_headers(); self.wfile.write(out)
    def log_message(self, *a): pass

HTTPServer(("127.0.0.1", int(sys.argv[1])), H).serve_forever()
