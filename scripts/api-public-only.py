#!/usr/bin/env python3
"""Keeps, in an API digester dump, only the declarations a user of the module can see.

The digester dumps `package` declarations beside `public` ones, so a baseline made from its dump
alone would report every change to a package internal as a broken API. The symbol graph at
`public` lists exactly what a user sees; a declaration node whose USR it does not list goes, with
its children, but an extension of another module's type that keeps a visible member. Nodes that name types in signatures (`TypeNominal` and the like) and accessors are
kept with their parent.

usage: api-public-only.py DUMP.json SYMBOLGRAPH_DIR MODULE  (the filtered dump on stdout)
"""
import glob
import json
import os
import sys

DECLARATIONS = {"TypeDecl", "Function", "Var", "Constructor", "TypeAlias", "Subscript", "AssociatedType", "OperatorDecl"}

dump_path, graphs, module = sys.argv[1:4]
visible = set()
for path in [os.path.join(graphs, f"{module}.symbols.json")] + glob.glob(os.path.join(graphs, f"{module}@*.symbols.json")):
    with open(path) as file:
        visible.update(symbol["identifier"]["precise"] for symbol in json.load(file)["symbols"])
if not visible:
    sys.exit(f"api-public-only: no public symbol of {module} in {graphs}")

def prune(node):
    """The node with only its visible children, or None when it goes. An extension of another
    module's type (`isExternal`: `Duration.nanoseconds` in QueueLabCore) is no symbol of this
    module's graph itself, so it stays when a member of it does."""
    if "children" in node:
        node["children"] = [kept for kept in (prune(child) for child in node["children"]) if kept is not None]
    if node.get("kind") not in DECLARATIONS or node.get("usr") in visible:
        return node
    if node.get("isExternal") and node.get("children"):
        return node
    return None

with open(dump_path) as file:
    dump = json.load(file)
dump.pop("tool_arguments", None)  # the machine's paths; the digester compares only ABIRoot
prune(dump["ABIRoot"])
json.dump(dump, sys.stdout, indent=1)
