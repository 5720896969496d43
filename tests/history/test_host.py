"""History through the real host subprocess: the sidebar's messages, chats landing in the
history, old session files moving in, and two hosts (two browser windows) on one file."""

from __future__ import annotations

import hashlib
import json
import threading

from native_host.history import HistoryStore
from tests.agent.script import FAKE_SETTINGS, say
from tests.support.hostproc import HostProcess

PAGE = {"url": "https://www.kettles.example/sunbrew", "title": "SunBrew 3000 review", "text": "It boils in 11 minutes."}


def start(home, fake=None) -> HostProcess:
    host = HostProcess(home=home)
    if fake is not None:
        reply = host.request({"type": "set_settings", "id": "s", "settings": {**FAKE_SETTINGS, "base_url": fake.url + "/v1"}})
        assert reply["type"] == "settings", reply
    return host


def chat(host: HostProcess, cid: str, session: str, text: str, **extra) -> dict:
    host.send({"type": "chat", "id": cid, "session": session, "text": text, "page": PAGE, **extra})
    return host.recv_until(lambda m: m["type"] in ("response", "error") and m.get("id") == cid, timeout=30)[-1]


def test_chats_are_kept_listed_searched_and_continued(tabmate_home, fake_provider):
    fake_provider.add(say("About eleven minutes."), say("It weighs 900 grams."), say("A summary."))
    with start(tabmate_home, fake_provider) as host:
        assert chat(host, "c1", "s-1", "How long to boil?")["type"] == "response"
        assert chat(host, "c2", "s-1", "How heavy is it?")["type"] == "response"
        assert chat(host, "c3", "s-2", "Summarize this page.", action="summarize")["type"] == "response"
        listed = host.request({"type": "history_list", "id": "l"})
        assert listed["type"] == "history" and listed["more"] is False
        assert [(i["session"], i["title"], i["site"], i["messages"]) for i in listed["items"]] == [
            ("s-2", "SunBrew 3000 review", "kettles.example", 2),  # an action: the page's title
            ("s-1", "How long to boil?", "kettles.example", 4),    # else the first question
        ]
        found = host.request({"type": "history_list", "id": "q", "query": "grams"})
        assert [i["session"] for i in found["items"]] == ["s-1"] and "900 grams" in found["items"][0]["snippet"]
        got = host.request({"type": "history_get", "id": "g", "session": "s-1"})
        assert got["type"] == "history_item" and got["omitted"] == 0
        assert [(m["role"], m["text"]) for m in got["messages"]] == [
            ("user", "How long to boil?"), ("assistant", "About eleven minutes."),
            ("user", "How heavy is it?"), ("assistant", "It weighs 900 grams.")]
    # the second turn's request carried the first turn, read back from the database
    second = json.dumps(fake_provider.requests[1].json["messages"])
    assert "How long to boil?" in second and "About eleven minutes." in second


def test_rename_export_delete_and_bad_requests(tabmate_home):
    store = HistoryStore()
    long_answer = "Solar kettles. " * 120_000  # ~1.8 MB: more than one frame
    store.append("big", [{"role": "user", "content": "Tell me everything"}, {"role": "assistant", "content": long_answer}],
                 title="Tell me everything")
    store.append("small", [{"role": "user", "content": "hi"}, {"role": "assistant", "content": "hello"}], title="hi")
    store.close()
    with start(tabmate_home) as host:
        assert host.request({"type": "history_rename", "id": "r", "session": "small", "title": "Greeting"}) == {
            "type": "renamed", "id": "r", "session": "small", "title": "Greeting"}
        host.send({"type": "history_export", "id": "e", "session": "big", "format": "markdown"})
        frames = host.recv_until(lambda m: m["type"] == "export")
        assert all(f["type"] == "part" for f in frames[:-1]) and len(frames) >= 3
        assert max(host.raw_sizes) <= 1024 * 1024
        text = "".join(f["text"] for f in frames)
        assert text.startswith("# Tell me everything\n") and text.count("Solar kettles.") == 120_000
        assert frames[-1]["filename"].endswith("-tell-me-everything.md")
        got = host.request({"type": "history_get", "id": "g", "session": "big"})
        assert got["type"] == "history_item" and max(host.raw_sizes[-1:]) <= 1024 * 1024
        assert got["messages"][-1]["text"].endswith("export the conversation to read it whole)") and got["omitted"] == 1
        js = host.request({"type": "history_export", "id": "j", "session": "small", "format": "json"})
        assert json.loads(js["text"])["title"] == "Greeting"
        missing = host.request({"type": "history_get", "id": "m", "session": "nope"})
        assert missing["type"] == "error" and missing["code"] == "invalid_request" and "nope" in missing["message"]
        bad = host.request({"type": "history_export", "id": "b", "session": "small", "format": "pdf"})
        assert bad["type"] == "error" and bad["code"] == "bad_message" and "format" in bad["message"]
        neither = host.request({"type": "history_delete", "id": "n"})
        assert neither["type"] == "error" and "all: true" in neither["message"]
        assert host.request({"type": "history_delete", "id": "d", "session": "small"}) == {"type": "deleted", "id": "d", "count": 1}
        assert host.request({"type": "history_delete", "id": "a", "all": True}) == {"type": "deleted", "id": "a", "count": 1}
        assert host.request({"type": "history_list", "id": "l"})["items"] == []
        assert host.request({"type": "ping", "id": "p"})["type"] == "pong"  # still alive after all that


def _old_session_file(folder, session: str, messages: list[dict]) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    digest = hashlib.sha256(session.encode()).hexdigest()[:12]
    (folder / f"{session}-{digest}.json").write_text(json.dumps({"version": 1, "messages": messages}))


def test_old_session_files_move_in_on_first_start(tabmate_home, fake_provider):
    folder = tabmate_home / "data" / "sessions"
    _old_session_file(folder, "s-old1", [
        {"role": "user", "content": "[summarize] Summarize this page.\n(on page: Bread recipes — https://bread.example/r)"},
        {"role": "assistant", "content": "Flour, water, salt."}])
    _old_session_file(folder, "s-old2", [{"role": "user", "content": "What is rye?"}, {"role": "assistant", "content": "A grain."}])
    (folder / "broken-000000000000.json").write_text("{not json")
    fake_provider.add(say("Add yeast."))
    with start(tabmate_home, fake_provider) as host:
        items = host.request({"type": "history_list", "id": "l"})["items"]
        assert {(i["session"], i["title"], i.get("site")) for i in items} == {
            ("s-old1", "Summarize this page.", "bread.example"), ("s-old2", "What is rye?", None)}
        got = host.request({"type": "history_get", "id": "g", "session": "s-old1"})
        assert [m["text"] for m in got["messages"]] == ["Summarize this page.", "Flour, water, salt."]
        assert chat(host, "c1", "s-old1", "And yeast?")["text"] == "Add yeast."
    assert "Flour, water, salt." in json.dumps(fake_provider.requests[0].json["messages"])
    left = sorted(p.name for p in folder.iterdir())
    assert len(left) == 1 and left[0].startswith("broken-000000000000.json.damaged-")  # kept for the user


def test_two_hosts_on_one_database_lose_nothing(tabmate_home, fake_provider):
    turns = 15
    fake_provider.add(*[say(f"answer {n}", pieces=1) for n in range(4 * turns)])
    with start(tabmate_home, fake_provider) as one, start(tabmate_home) as two:
        def run(host: HostProcess, name: str) -> None:
            for n in range(turns):
                # its own conversation, and one both windows write to
                assert chat(host, f"{name}a{n}", f"s-{name}", f"{name} own {n}")["type"] == "response"
                assert chat(host, f"{name}b{n}", "s-shared", f"{name} shared {n}")["type"] == "response"
        workers = [threading.Thread(target=run, args=(h, n)) for h, n in ((one, "one"), (two, "two"))]
        for w in workers:
            w.start()
        for w in workers:
            w.join(120)
        counts = {i["session"]: i["messages"] for i in two.request({"type": "history_list", "id": "l"})["items"]}
        assert counts == {"s-one": 2 * turns, "s-two": 2 * turns, "s-shared": 4 * turns}
        shared = one.request({"type": "history_get", "id": "g", "session": "s-shared"})["messages"]
        asked = {m["text"] for m in shared if m["role"] == "user"}
        assert asked == {f"{name} shared {n}" for name in ("one", "two") for n in range(turns)}
        assert {i["session"] for i in one.request({"type": "history_list", "id": "q", "query": "shared"})["items"]} == {"s-shared"}
        assert "locked" not in one.stderr() + two.stderr()


def test_retention_setting_prunes_when_set(tabmate_home):
    import sqlite3
    import time

    store = HistoryStore()
    for s in ("old", "new"):
        store.append(s, [{"role": "user", "content": s}], title=s)
    store.close()
    with sqlite3.connect(store.path) as db:
        db.execute("UPDATE conversations SET updated = ? WHERE session = 'old'", (time.time() - 100 * 86400,))
    with start(tabmate_home) as host:
        assert len(host.request({"type": "history_list", "id": "l"})["items"]) == 2  # default: keep
        reply = host.request({"type": "set_settings", "id": "s", "settings": {"history_retention": 30}})
        assert reply["settings"]["history_retention"] == 30
        assert [i["session"] for i in host.request({"type": "history_list", "id": "l"})["items"]] == ["new"]
        bad = host.request({"type": "set_settings", "id": "b", "settings": {"history_retention": 0}})
        assert bad["type"] == "error" and "history_retention" in bad["message"]


def test_paging_with_more_and_before(tabmate_home):
    store = HistoryStore()
    for n in range(5):
        store.append(f"s{n}", [{"role": "user", "content": f"question {n}"}], title=f"question {n}")
    store.close()
    with start(tabmate_home) as host:
        first = host.request({"type": "history_list", "id": "a", "limit": 2})
        assert [i["session"] for i in first["items"]] == ["s4", "s3"] and first["more"] is True
        rest = host.request({"type": "history_list", "id": "b", "limit": 3, "before": first["items"][-1]["updated"]})
        assert [i["session"] for i in rest["items"]] == ["s2", "s1", "s0"] and rest["more"] is False
        found = host.request({"type": "history_list", "id": "c", "query": "question", "limit": 1})
        assert [i["session"] for i in found["items"]] == ["s4"] and found["more"] is True
        bad = host.request({"type": "history_list", "id": "d", "limit": 0})
        assert bad["type"] == "error" and "limit" in bad["message"]


def test_the_picked_profile_and_model_are_kept_with_the_conversation(tabmate_home, fake_provider):
    """The chat header's pick comes back with the conversation reopened from History; a turn
    asked on the defaults again forgets it."""
    fake_provider.add(say("From the profile."), say("Still the profile."), say("Back on the defaults."))
    with start(tabmate_home, fake_provider) as host:
        saved = host.request({"type": "set_settings", "id": "p", "settings": {"profiles": {"Fake": {
            "provider": "openai_compatible", "base_url": fake_provider.url + "/v1", "model": "m"}}}})
        assert saved["type"] == "settings", saved
        assert chat(host, "c1", "s-pick", "Which kettle?", profile="Fake", model="m-large")["type"] == "response"
        got = host.request({"type": "history_get", "id": "g1", "session": "s-pick"})
        assert (got.get("profile"), got.get("model")) == ("Fake", "m-large")
        assert chat(host, "c2", "s-pick", "And the lid?", profile="Fake")["type"] == "response"
        got = host.request({"type": "history_get", "id": "g2", "session": "s-pick"})
        assert (got.get("profile"), got.get("model")) == ("Fake", None)
        assert chat(host, "c3", "s-pick", "Thanks")["type"] == "response"
        got = host.request({"type": "history_get", "id": "g3", "session": "s-pick"})
        assert "profile" not in got and "model" not in got and len(got["messages"]) == 6
    assert [r.json["model"] for r in fake_provider.requests] == ["m-large", "m", FAKE_SETTINGS["model"]]


def test_a_database_from_the_previous_schema_opens_and_keeps_its_conversations(tabmate_home, fake_provider):
    import sqlite3

    from native_host.history import schema

    path = tabmate_home / "data" / "history.sqlite3"
    path.parent.mkdir(parents=True, exist_ok=True)
    with sqlite3.connect(path) as db:  # schema 2: before conversations kept their profile / model
        for script in schema.MIGRATIONS[:2]:
            db.executescript(script)
        db.execute("PRAGMA user_version = 2")
        db.execute("INSERT INTO conversations (session, title, created, updated, message_count) "
                   "VALUES ('s-v2', 'Old chat', 1.0, 1.0, 2)")
        db.executemany("INSERT INTO messages (conversation, role, content, text, time) VALUES (1, ?, ?, ?, 1.0)",
                       [("user", "Old question", "Old question"), ("assistant", "Old answer", "Old answer")])
    fake_provider.add(say("New answer."))
    with start(tabmate_home, fake_provider) as host:
        got = host.request({"type": "history_get", "id": "g", "session": "s-v2"})
        assert got["type"] == "history_item", got
        assert [m["text"] for m in got["messages"]] == ["Old question", "Old answer"] and "profile" not in got
        assert chat(host, "c", "s-v2", "New question", model="m-2")["type"] == "response"
        got = host.request({"type": "history_get", "id": "g2", "session": "s-v2"})
        assert got.get("model") == "m-2" and [m["text"] for m in got["messages"]][-1] == "New answer."
    with sqlite3.connect(path) as db:
        assert db.execute("PRAGMA user_version").fetchone()[0] == len(schema.MIGRATIONS)
