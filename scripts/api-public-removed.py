#!/usr/bin/env python3
"""Lists the declarations the baseline's API has and HEAD's public symbol graph does not.

SwiftPM's API check dumps HEAD with its `package` declarations, so a `public` declaration made
`package` still reads as present there, and is not reported. The baseline digests hold only what
a user could see (scripts/api-public-only.py); every declaration in them must still be in HEAD's
symbol graph at `public`, or it left the API: removed, or made `package` or internal.

usage: api-public-removed.py DIGESTS_DIR SYMBOLGRAPH_DIR MODULE...
exit status: 0 none left, 1 some did (each printed), 2 a digest or graph is missing
"""
import glob
import gzip
import json
import os
import sys

DECLARATIONS = {"TypeDecl", "Function", "Var", "Constructor", "TypeAlias", "Subscript", "AssociatedType", "OperatorDecl"}

digests, graphs, modules = sys.argv[1], sys.argv[2], sys.argv[3:]
visible = set()
for module in modules:
    paths = [os.path.join(graphs, f"{module}.symbols.json")] + glob.glob(os.path.join(graphs, f"{module}@*.symbols.json"))
    if not os.path.exists(paths[0]):
        sys.exit(f"api-public-removed: no symbol graph of {module} in {graphs}")
    for path in paths:
        with open(path) as file:
            visible.update(symbol["identifier"]["precise"] for symbol in json.load(file)["symbols"])

def declarations(node, path):
    for child in node.get("children", []):
        name = child.get("printedName") or child.get("name") or "?"
        declaration = child.get("kind") in DECLARATIONS
        # An extension of another module's type is a container here, not a declaration of the module.
        if declaration and child.get("usr") and not child.get("isExternal"):
            yield child["usr"], path + [name]
        yield from declarations(child, path + [name] if declaration else path)

left = []
for module in modules:
    digest = os.path.join(digests, f"{module}.json.gz")
    if not os.path.exists(digest):
        sys.exit(f"api-public-removed: no baseline digest {digest}")
    with gzip.open(digest, "rt") as file:
        root = json.load(file)["ABIRoot"]
    for usr, path in declarations(root, []):
        if usr not in visible:
            left.append(f"{module}: {'.'.join(path)} is no longer public (removed, or made package or internal)")
for line in sorted(set(left)):
    print(line)
sys.exit(1 if left else 0)
