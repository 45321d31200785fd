"""Engine options on the `kiai` command line reach the engine wherever they stand: before
the subcommand (`kiai --level 5 gtp`, as GUIs and referees write it), after it, or in
`regress --kiai-args` (which wins over those before `regress`); and output cut short by
its reader ends quietly."""

from __future__ import annotations

import os
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from gtp.cli import build_parser, settings_from


@pytest.mark.parametrize("argv", [
    ["--owl-nodes", "77", "--level", "4", "gtp"],
    ["gtp", "--owl-nodes", "77", "--level", "4"],
    ["--owl-nodes", "77", "--level", "4"],
    ["--owl-nodes", "77", "--level", "4", "plugins"],
    ["--owl-nodes", "77", "decide-owl", "C3", "--load", "x.sgf", "--level", "4"],
])
def test_engine_options_count_before_or_after_the_subcommand(argv: list[str]) -> None:
    args = build_parser(argv).parse_args(argv)
    settings = dict(settings_from(args))
    assert settings["owl_nodes"] == 77 and settings["level"] == 4


def test_a_subcommand_without_options_keeps_the_defaults() -> None:
    args = build_parser(["gtp"]).parse_args(["gtp"])
    assert args.level == 10 and args.debug == [] and args.superko is False and args.workers is None


def test_an_option_given_twice_takes_the_one_after_the_subcommand() -> None:
    argv = ["--owl-nodes", "77", "gtp", "--owl-nodes", "88"]
    assert dict(settings_from(build_parser(argv).parse_args(argv)))["owl_nodes"] == 88


@pytest.mark.parametrize("before, kiai_args, expected", [
    (["--owl-nodes", "77"], "", 77),
    ([], "--owl-nodes 78", 78),
    (["--owl-nodes", "77"], "--owl-nodes 79", 79),
])
def test_regress_builds_its_engine_from_the_options_before_it(tmp_path: Path, before: list[str], kiai_args: str,
                                                             expected: int) -> None:
    suite = tmp_path / "param.tst"
    suite.write_text(f"1 kiai-param\n#? [(?s).*owl_nodes {expected}\\n.*]\n")
    proc = subprocess.run([sys.executable, "-m", "gtp.cli", *before, "regress", str(suite), "--no-progress",
                           "--kiai-args", kiai_args], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_play_starts_kiai_with_the_engine_options_given_before_it() -> None:
    from gtp.referee import kiai_command

    argv = ["--owl-nodes", "77", "--level", "4", "--debug", "reading,owl", "-t", "-t", "--superko", "--size", "13",
            "play", "--opponent", "gnugo", "--size", "9", "--kiai-args", "--seed 3"]
    command = kiai_command(build_parser(argv).parse_args(argv))
    words = shlex.split(command)
    assert words[words.index("gtp") + 1:words.index("gtp") + 3] == ["--move-time", "30.0"]
    assert "--size" not in words  # the match's board size, not the engine option
    started = build_parser(words[2:]).parse_args(words[3:])  # as `kiai gtp ...` parses them
    settings = dict(settings_from(started))
    assert settings["owl_nodes"] == 77 and settings["level"] == 4 and settings["debug_reading"] == 1
    assert settings["debug_owl"] == 1
    assert started.trace == 2 and started.superko and started.seed == 3


def test_play_without_engine_options_adds_none() -> None:
    from gtp.referee import kiai_command

    argv = ["play", "--opponent", "gnugo"]
    words = shlex.split(kiai_command(build_parser(argv).parse_args(argv)))
    assert words[words.index("gtp") + 1:] == ["--move-time", "30.0"]


def test_output_cut_short_by_its_reader_is_no_crash() -> None:
    # as in `kiai --version | head -1`: the reader has gone before kiai writes
    read, write = os.pipe()
    os.close(read)
    try:
        proc = subprocess.run([sys.executable, "-m", "gtp.cli", "--version"], stdout=write,
                              stderr=subprocess.PIPE, text=True, timeout=60)
    finally:
        os.close(write)
    assert "Traceback" not in proc.stderr and proc.returncode == 1


@pytest.mark.parametrize("argv, complaint", [
    (["--memory", "-5", "gtp"], "argument --memory: must be 0 or more (a finite number), not '-5'"),
    (["gtp", "--memory", "inf"], "argument --memory: must be 0 or more (a finite number), not 'inf'"),
    (["--move-time", "0", "gtp"], "argument --move-time: must be more than 0 (a finite number), not '0'"),
    (["--move-time", "nan", "gtp"], "argument --move-time: must be more than 0 (a finite number), not 'nan'"),
    (["--workers", "-1", "gtp"], "argument --workers: must be 0 or more (a whole number), not '-1'"),
    (["--owl-nodes", "-3", "gtp"], "argument --owl-nodes: must be 0 or more (a whole number), not '-3'"),
    (["--depth", "2.5", "gtp"], "argument --depth: must be 0 or more (a whole number), not '2.5'"),
    (["play", "--opponent", "gnugo", "--games", "0"], "argument --games: must be 1 or more (a whole number), not '0'"),
    (["play", "--opponent", "gnugo", "--main-time", "-60"], "argument --main-time: must be 0 or more"),
    (["regress", "x.tst", "--jobs", "0"], "argument --jobs: must be 1 or more (a whole number), not '0'"),
    (["regress", "x.tst", "--timeout", "-1"], "argument --timeout: must be more than 0"),
])
def test_a_number_out_of_range_is_refused_by_name_before_anything_starts(
        argv: list[str], complaint: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        build_parser(argv).parse_args(argv)
    assert stop.value.code == 2
    assert complaint in capsys.readouterr().err


@pytest.mark.parametrize("argv, name, value", [
    (["--memory", "0", "gtp"], "memory", 0.0),  # no caches: allowed
    (["--workers", "0", "gtp"], "workers", 0),  # plugins in-process
    (["--move-time", "0.25", "gtp"], "move_time", 0.25),
    (["--owl-nodes", "0", "gtp"], "owl_nodes", 0),
    (["regress", "x.tst", "--jobs", " 2 "], "jobs", 2),
])
def test_a_number_in_range_is_taken(argv: list[str], name: str, value: float) -> None:
    assert getattr(build_parser(argv).parse_args(argv), name) == value
