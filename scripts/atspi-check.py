#!/usr/bin/python3
"""Walks a running `flick gtk-demo` timeline through AT-SPI, as a screen reader would, and checks
what it finds. Run with the system Python (python3-pyatspi) on the app's D-Bus session and X
display; the test AccessibilityTreeTests runs it under dbus-run-session and Xvfb.

  atspi-check.py EXPECTED.json

EXPECTED.json: {"labels": [label of row 1, row 2, ...], "window": "title prefix",
"inserted": posts the app's script inserts on top, soon after it starts}. Prints one JSON object (what it saw and
every failed check under "failures") and exits 1 when a check failed.
"""
import json, re, subprocess, sys, time

import pyatspi
from gi.repository import Gio, GLib

spec = json.load(open(sys.argv[1]))
labels = spec["labels"]
base = len(labels)
report = {"failures": [], "phases": {}}
events = []


def fail(message):
    report["failures"].append(message)


def on_event(event):
    try:
        source = event.source
        events.append({"type": event.type, "on": int(event.detail1), "role": source.getRoleName(),
                       "name": source.name, "description": source.description})
    except Exception as error:  # the source may be gone already
        events.append({"type": event.type, "error": str(error)})


def pump(seconds):
    context = GLib.MainContext.default()
    end = time.time() + seconds
    while time.time() < end:
        while context.iteration(False):
            pass
        time.sleep(0.01)


def find(node, test, depth=0):
    if node is None or depth > 12:
        return None
    if test(node):
        return node
    for index in range(node.childCount):
        found = find(node.getChildAtIndex(index), test, depth + 1)
        if found is not None:
            return found
    return None


def place(description):
    match = re.fullmatch(r"([\d,]+)(?: of ([\d,]+))?", description or "")
    if not match:
        return None
    count = match.group(2)
    return int(match.group(1).replace(",", "")), int(count.replace(",", "")) if count else None


def items(timeline):
    """The list's items now; [] when the tree changed under the read (a list moving rebinds
    its proxies): the caller reads again."""
    try:
        return read_items(timeline)
    except Exception:
        return []


def read_items(timeline):
    found = []
    for index in range(timeline.childCount):
        child = timeline.getChildAtIndex(index)
        if child is None:
            raise LookupError("a child went away")
        if child.getRole() != pyatspi.ROLE_LIST_ITEM:
            continue
        states = child.getState()
        box = child.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
        found.append({"name": child.name, "description": child.description, "top": box.y, "bottom": box.y + box.height,
                      "place": place(child.description),
                      "selected": states.contains(pyatspi.STATE_SELECTED),
                      "focused": states.contains(pyatspi.STATE_FOCUSED),
                      "links": [child.getChildAtIndex(i).name for i in range(child.childCount)
                                if child.getChildAtIndex(i).getRole() == pyatspi.ROLE_LINK],
                      "node": child})
    return found


def first_visible(timeline, rows):
    """The first item whose extents reach into the list's (the rest above are overscan)."""
    box = timeline.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
    shown = [row for row in rows if row["bottom"] > box.y and row["top"] < box.y + box.height]
    return shown[0] if shown else rows[0]


def settled(timeline, want=lambda rows: True, timeout=30):
    """The list items once two reads 0.5 s apart agree, none is loading and `want` holds."""
    end = time.time() + timeout
    last = None
    while time.time() < end:
        pump(0.5)
        rows = items(timeline)
        key = [(row["name"], row["description"]) for row in rows]
        if rows and key == last and all(row["name"] != "Loading…" for row in rows) and want(rows):
            return rows
        last = key
    fail(f"the list did not settle within {timeout} s: {last}")
    return items(timeline)


def check_rows(phase, rows):
    """Every item's name is the post at its place; places are consecutive."""
    seen = []
    for row in rows:
        if row["place"] is None or row["place"][1] is None:
            fail(f"{phase}: description {row['description']!r} is not 'N of M'")
            continue
        number, count = row["place"]
        inserted = count - base
        if inserted < 0 or number > count:
            fail(f"{phase}: {row['description']!r} does not fit a list of {base} + inserted posts")
        elif number - 1 - inserted >= 0:
            if row["name"] != labels[number - 1 - inserted]:
                fail(f"{phase}: item {row['description']!r} says {row['name'][:80]!r}, "
                     f"expected {labels[number - 1 - inserted][:80]!r}")
        elif not row["name"]:
            fail(f"{phase}: inserted item {row['description']!r} has no name")
        seen.append((number, row["focused"]))
    consecutive = lambda numbers: numbers == list(range(numbers[0], numbers[0] + len(numbers))) if numbers else False
    # The focused row stays in the tree wherever it is, so it may stand apart.
    if not consecutive([n for n, _ in seen]) and not consecutive([n for n, focused in seen if not focused]):
        fail(f"{phase}: items are not consecutive rows in order: {seen}")
    report["phases"][phase] = {"items": len(rows), "first": rows[0]["description"] if rows else None,
                               "last": rows[-1]["description"] if rows else None}


def xdotool(*arguments):
    subprocess.run(["xdotool", *arguments], check=True, timeout=20)


# Say a screen reader runs, as Orca does: apps that stand for their content only when someone
# listens (Flick's list among them) start now.
Gio.bus_get_sync(Gio.BusType.SESSION).call_sync(
    "org.a11y.Bus", "/org/a11y/bus", "org.freedesktop.DBus.Properties", "Set",
    GLib.Variant("(ssv)", ("org.a11y.Status", "ScreenReaderEnabled", GLib.Variant("b", True))),
    None, Gio.DBusCallFlags.NONE, 10000, None)
pyatspi.Registry.registerEventListener(on_event, "object:state-changed:focused", "object:state-changed:busy")

# The app and its list.
desktop = pyatspi.Registry.getDesktop(0)
timeline = None
end = time.time() + 60
while timeline is None and time.time() < end:
    pump(0.5)
    for app in desktop:
        if app is not None and app.name in ("flick", "Flick"):
            timeline = find(app, lambda node: node.getRole() == pyatspi.ROLE_LIST and node.name == "Timeline")
if timeline is None:
    fail("no list named Timeline in any application called flick")
    print(json.dumps(report))
    sys.exit(1)
title = "^" + re.sub(r"([()\[\].*+?|{}^$\\])", r"\\\1", spec["window"])  # xdotool takes a regular expression
window = subprocess.run(["xdotool", "search", "--sync", "--limit", "1", "--name", title],
                        capture_output=True, text=True, timeout=30).stdout.split()[0]

# 1. Posts arrive on top (the app's script inserts them soon after it starts, while the reader
# is at the first post): the reader's post stays where it was, now 21st.
rows = settled(timeline, lambda rows: rows[0]["place"] is not None and rows[0]["place"][1] == base + spec["inserted"], timeout=90)
check_rows("arrived", rows)
reading = first_visible(timeline, rows)
box = timeline.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
report["readingAfterArrival"] = {"item": reading["description"], "list": [box.y, box.height],
                                 "items": [(row["description"], row["top"], row["bottom"]) for row in rows]}
if reading["place"][0] != spec["inserted"] + 1 or reading["name"] != labels[0]:
    fail(f"the reader's first post moved when posts arrived on top: the first item on screen is {reading['description']!r}")

# 2. Home: the top of the list, the new posts first.
xdotool("windowfocus", "--sync", window, "key", "--clearmodifiers", "Home")
rows = settled(timeline, lambda rows: rows[0]["place"][0] == 1)
check_rows("top", rows)
if first_visible(timeline, rows)["place"][0] != 1:
    fail(f"after Home the first item on screen is {first_visible(timeline, rows)['description']!r}")

# 3. A fling: a fast drag up through the X server (XTest), released in motion. How far it goes
# depends on how fast the app sees the motion (a loaded machine coalesces it), so the check is
# that the list moved on from the top and came to rest.
top = first_visible(timeline, rows)["place"][0]
xdotool("mousemove", "--window", window, "--sync", "180", "600", "mousedown", "1",
        *sum((["mousemove_relative", "--sync", "0", "-45", "sleep", "0.012"] for _ in range(12)), []), "mouseup", "1")
rows = settled(timeline, lambda rows: first_visible(timeline, rows)["place"][0] > top + 1)
report["flingLanded"] = first_visible(timeline, rows)["description"]
check_rows("fling", rows)

# 4. A page loads: End jumps to the last post, whose page is not in memory yet.
busy_before = len(events)
xdotool("windowfocus", "--sync", window, "key", "--clearmodifiers", "End")
rows = settled(timeline, lambda rows: any(row["place"] and row["place"][0] == row["place"][1] for row in rows))
check_rows("page", rows)
busy = [e["on"] for e in events[busy_before:] if e["type"].endswith("busy") and e.get("role") == "list"]
report["busyEvents"] = busy
if 1 not in busy:
    fail(f"no BUSY event on the list while the last page loaded: {busy}")
if timeline.getState().contains(pyatspi.STATE_BUSY):
    fail("the list is still BUSY after its page loaded")

# 5. Keyboard focus: Up twice from the last post.
focus_before = len(events)
for _ in range(2):
    xdotool("key", "--clearmodifiers", "Up")  # the window has the X focus since End
    pump(0.5)
rows = settled(timeline)
report["allFocusEvents"] = [(e.get("role"), e.get("on"), e.get("description")) for e in events[focus_before:] if e["type"].endswith("focused")]
focused = [e for e in events[focus_before:] if e["type"].endswith("focused") and e.get("on") == 1 and e.get("role") == "list item"]
report["focusEvents"] = [e["description"] for e in focused]
if len(focused) < 2:
    fail(f"expected a focus event per Up, saw {report['focusEvents']}")
else:
    first, second = place(focused[-2]["description"]), place(focused[-1]["description"])
    if not first or not second or second[0] != first[0] - 1:
        fail(f"Up did not move the focus one post back: {report['focusEvents']}")
    holder = [row for row in rows if row["focused"]]
    if len(holder) != 1 or holder[0]["description"] != focused[-1]["description"]:
        fail(f"the item holding the focus is not the last one focused: {[row['description'] for row in holder]}")
    elif not holder[0]["selected"]:
        fail("the focused post is not SELECTED (the timeline selects what the keyboard focuses)")
    check_rows("focus", rows)

# 6. A link activated through AT-SPI's Action interface.
link = None
for row in rows:
    for index in range(row["node"].childCount):
        child = row["node"].getChildAtIndex(index)
        if child.getRole() == pyatspi.ROLE_LINK and child.name[:1] in "@#h":
            link = (row, child)
            break
    if link:
        break
if link is None:
    fail("no mention, topic or URL link among the items on screen")
else:
    row, child = link
    action = child.queryAction()
    report["activated"] = {"row": row["place"][0], "name": child.name, "actions": action.nActions}
    if action.nActions < 1 or not action.doAction(0):
        fail(f"the link {child.name!r} offers no action that runs")
    pump(0.5)

print(json.dumps(report, ensure_ascii=False))
sys.exit(1 if report["failures"] else 0)
