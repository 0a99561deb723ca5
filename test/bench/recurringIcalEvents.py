"""
The peer in Python for `npm run bench -- peers`: Debian's python3-recurring-ical-events (with its
python3-icalendar) doing the timetable engine's work on one feed and span, as its documentation
uses it: the calendar parsed (icalendar.Calendar.from_ical), then every occurrence overlapping the
span (recurring_ical_events.of(calendar).between(start, stop)), each as [uid, start, end] in epoch
milliseconds.

Run by test/bench/peers.ts as `/usr/bin/python3 recurringIcalEvents.py`: it prints its versions as
one JSON line, then answers each request line ({"file", "from", "to"}, epoch ms) with one JSON line
{"ms": <its own time for the reading>, "occurrences": [[uid, start, end], ...]} or {"error": ...}.
The time covers parsing and expanding, not reading the file nor writing the answer.
"""
import datetime
import json
import platform
import sys
import time
from importlib.metadata import version

import icalendar
import recurring_ical_events

UTC = datetime.timezone.utc


def instant(ms):
    return datetime.datetime.fromtimestamp(ms / 1000, tz=UTC)


def epoch_ms(value):
    if not isinstance(value, datetime.datetime) or value.tzinfo is None:
        # The bench's feeds hold no floating times nor all-day events: the engine would read
        # those in the machine's zone, which this harness does not model.
        raise ValueError(f"a time without a zone: {value!r}")
    return round(value.timestamp() * 1000)


def occurrences(text, start, stop):
    calendar = icalendar.Calendar.from_ical(text)
    found = []
    for event in recurring_ical_events.of(calendar).between(instant(start), instant(stop)):
        begins = event["DTSTART"].dt
        if "DTEND" in event:
            ends = event["DTEND"].dt
        elif "DURATION" in event:
            ends = begins + event["DURATION"].dt
        else:
            ends = begins
        found.append([str(event.get("UID", "")), epoch_ms(begins), epoch_ms(ends)])
    return found


def main():
    print(
        json.dumps(
            {
                "python": platform.python_version(),
                "icalendar": version("icalendar"),
                "recurring-ical-events": version("recurring-ical-events"),
            }
        ),
        flush=True,
    )
    for line in sys.stdin:
        request = json.loads(line)
        with open(request["file"], encoding="utf-8") as feed:
            text = feed.read()
        try:
            started = time.perf_counter()
            found = occurrences(text, request["from"], request["to"])
            ms = (time.perf_counter() - started) * 1000
            answer = {"ms": ms, "occurrences": found}
        except Exception as error:  # the bench says what failed and goes on
            answer = {"error": f"{type(error).__name__}: {error}"}
        print(json.dumps(answer), flush=True)


if __name__ == "__main__":
    main()
