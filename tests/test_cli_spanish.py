"""The command line in Spanish (issue 37): ``--lang es`` says what ``replay``, ``simulate``, ``match``,
``record``, ``verify`` and the rest print from the catalogue, numbers as CLDR writes them in Spanish
(``15.000``, ``1,25``), and a library error's reason (a bad house rule, a bad record) in Spanish too;
``--json`` stays machine English."""

from __future__ import annotations

import csv
import json
import re
from pathlib import Path

from typer.testing import CliRunner

from canasta.cli import app
from helpers import spreadsheet_records

runner = CliRunner()
ENV = {"COLUMNS": "300", "LANGUAGE": "", "LC_ALL": "", "LC_MESSAGES": "", "LANG": "C"}


def run(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args), env=ENV)
    return result.exit_code, result.stdout, result.stderr


def spanish_thousands(n: int) -> str:
    """Spanish as the catalogues write it (CLDR through Babel): a dot between thousands (5.085,
    15.000), as on the pages and in the terminal game (tests/test_i18n.py)."""
    return f"{n:,}".replace(",", ".")


def one_error_line(code: int, out: str, err: str) -> str:
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 1 and "Traceback" not in err
    return err.strip()


def test_record_and_replay_in_spanish(tmp_path: Path) -> None:
    path = tmp_path / "partida.json"
    code, out, err = run("record", "--variant", "classic", "--seed", "3", "--out", str(path), "--lang", "es")
    assert code == 0, err
    assert out.startswith(f"guardado {path}: classic, semilla 3, ") and "jugadas" in out
    assert "gana el equipo " in out and "winner" not in out
    code, out, err = run("replay", str(path), "--lang", "es")
    assert code == 0, err
    for words in ("semilla 3, 4 jugadores", "mano 1", "da el asiento", "puntos antes:", "el asiento 0 tiene",
                  "  1. asiento 1: ", "terminó la mano 1:", "puntos de la mano 1", "Total acumulado",
                  "Canastas limpias", "gana el equipo"):
        assert words in out, words
    for english in ("seat", "hand 1", "score of hand", "Running total", "winner"):
        assert english not in out, english
    final = run("replay", str(path), "--json")[1]
    scores = json.loads(final)["scores"]
    assert f"{spanish_thousands(scores[0])} a {spanish_thousands(scores[1])}" in out


def test_replay_as_one_seat_in_spanish(tmp_path: Path) -> None:
    path = tmp_path / "p.json"
    assert run("record", "--variant", "gvr-club", "--seed", "2", "--out", str(path))[0] == 0
    code, out, _ = run("replay", str(path), "--seat", "1", "--lang", "es")
    assert code == 0
    assert "como la vio el asiento 1" in out and "el asiento 0 tiene 11 cartas" in out
    assert "robó 2 cartas" in out  # S2 draws two; another seat's draw is told as a count
    line = one_error_line(*run("replay", str(path), "--seat", "4", "--lang", "es"))
    assert line == "error: --seat 4: los asientos van del 0 al 3"


def test_a_bad_record_is_refused_in_spanish_with_its_reason(tmp_path: Path) -> None:
    good = tmp_path / "g.json"
    assert run("record", "--variant", "classic", "--seed", "1", "--out", str(good))[0] == 0
    data = json.loads(good.read_text())
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(dict(data, actions=["discard JK", *data["actions"][1:]])))
    line = one_error_line(*run("replay", str(bad), "--lang", "es"))
    assert line == "error: la jugada 1 (discard JK) no se puede hacer: primero roba del mazo o toma el pozo"
    english = one_error_line(*run("replay", str(bad)))
    assert "action 1 (discard JK) cannot be played" in english
    (tmp_path / "text.json").write_text("esto no es json")
    line = one_error_line(*run("replay", str(tmp_path / "text.json"), "--lang", "es"))
    assert "no es JSON válido" in line
    line = one_error_line(*run("replay", str(tmp_path / "nada.json"), "--lang", "es"))
    assert "no se puede leer" in line


def test_simulate_in_spanish_with_spanish_numbers() -> None:
    args = ("simulate", "--variant", "classic", "--games", "12", "--seed", "1")
    report = json.loads(run(*args, "--json")[1])
    assert report["actions"] >= 10000  # five digits: the Spanish grouping shows
    code, out, err = run(*args, "--lang", "es")
    assert code == 0, err
    assert "classic: 12 partidas al azar, semillas 1..12" in out
    for words in ("jugadores", "4 (2 equipos)", "manos terminadas porque", "partidas ganadas, equipo 0 "
                  "(asientos 0, 2)", "puntos por mano en promedio", "jugadas/s", "manos/s"):
        assert words in out, words
    assert re.search(rf"│ jugadas\s+│ {re.escape(spanish_thousands(report['actions']))}\s", out)
    per_game = f"{report['hands'] / report['games']:.2f}".replace(".", ",")
    assert f"({per_game} por partida)" in out
    assert "random games" not in out and "hands ended" not in out


def test_match_in_spanish() -> None:
    code, out, err = run("match", "--variant", "classic", "--a", "random", "--b", "random", "--games", "1",
                         "--workers", "1", "--lang", "es")
    assert code == 0, err
    assert "classic: random (A) contra random (B), 1 partida" in out
    for words in ("gana A", "gana B", "manos por partida", "tiempo por decisión A", "decisiones",
                  "partidas/s"):
        assert words in out, words
    assert re.search(r"IC 95 % \d+,\d-\d+,\d %", out)
    line = one_error_line(*run("match", "--a", "rando", "--lang", "es"))
    assert line.startswith("error: no existe el bot 'rando' (¿quisiste decir 'random'?)")


def test_a_bad_house_rule_is_refused_in_spanish_on_every_command(tmp_path: Path) -> None:
    for command in (("rules", "classic"), ("simulate", "--variant", "classic"),
                    ("record", "--variant", "classic", "--out", str(tmp_path / "x.json")),
                    ("match", "--variant", "classic")):
        line = one_error_line(*run(*command, "--set", "packs=9", "--lang", "es"))
        assert line == "error: la opción 'packs' = 9: tiene que estar entre 1 y 4", command
        english = one_error_line(*run(*command, "--set", "packs=9"))
        assert english == "error: rule option 'packs' = 9: must be 1 to 4"
    line = one_error_line(*run("rules", "classik", "--lang", "es"))
    assert line.startswith("error: no existe el reglamento 'classik' (¿quisiste decir 'classic'?)")
    line = one_error_line(*run("rules", "classic", "--set", "pakcs=2", "--lang", "es"))
    assert line == "error: no existe la opción 'pakcs' (¿quisiste decir 'packs'?)"


def test_verify_in_spanish(tmp_path: Path) -> None:
    line = one_error_line(*run("verify", str(tmp_path / "nada.json"), "--lang", "es"))
    assert line.startswith("error: no se puede leer ")
    (tmp_path / "r.json").write_text("[1, 2")
    line = one_error_line(*run("verify", str(tmp_path / "r.json"), "--lang", "es"))
    assert "no es JSON válido" in line


def test_an_error_no_command_caught_follows_lang(tmp_path: Path) -> None:
    """A score sheet's refusal travels up to the command line's one error line, in --lang's words."""
    code, _out, err = run("score", "show", "--file", str(tmp_path / "no.json"), "--lang", "es")
    assert code == 2 and "Traceback" not in err and "error: " in err
    assert "cannot" not in err


def test_json_stays_machine_english(tmp_path: Path) -> None:
    path = tmp_path / "p.json"
    assert run("record", "--variant", "classic", "--seed", "3", "--out", str(path))[0] == 0
    plain = json.loads(run("replay", str(path), "--json")[1])
    spanish = json.loads(run("replay", str(path), "--json", "--lang", "es")[1])
    assert plain == spanish
    sim = json.loads(run("simulate", "--variant", "classic", "--games", "1", "--json", "--lang", "es")[1])
    assert "reasons" in sim and sim["variant"] == "classic"


def test_verify_says_each_deal_in_spanish(tmp_path: Path) -> None:
    """``canasta verify --lang es``: each hand's check and the summary from the catalogue (the seeds
    and hashes as they are), a tampered seed said in Spanish on the one error line."""
    import random

    from canasta import GameState, rules
    from canasta.records import GameRecord
    from canasta.sim import play_random
    from canasta.tournament.fair import commit_game, commitment, commitments_json

    state = play_random(GameState.new(rules("nvso-tournament"), 7), random.Random(1))
    (tmp_path / "game.json").write_text(GameRecord.of(state).to_json())
    (tmp_path / "c.json").write_text(commitments_json(commit_game(7, 3, list("abc")), reveal=True))
    game, commits = str(tmp_path / "game.json"), str(tmp_path / "c.json")
    code, out, err = run("verify", game, "--commitments", commits, "--lang", "es")
    assert code == 0, err
    sealed = commitment("7/0", "a")[:12]
    assert out.splitlines()[0] == f"mano 1: bien, la semilla '7/0' coincide con {sealed}..."
    assert out.splitlines()[-1] == "3 repartos coinciden con sus compromisos"
    doc = json.loads((tmp_path / "c.json").read_text())
    doc["deals"][2]["seed"] = "7/9"
    (tmp_path / "t.json").write_text(json.dumps(doc))
    code, out, err = run("verify", game, "--commitments", str(tmp_path / "t.json"), "--lang", "es")
    assert code == 1 and err.strip() == "error: 3 repartos revisados: NO todos coinciden con sus compromisos"
    assert "mano 3: la semilla revelada '7/9' no coincide con el compromiso" in out


SHEET_WE = "red_threes=5 black_threes_laid=2 natural_canastas=2 mixed_canastas=1 went_out table=325"
SHEET_THEY = "red_threes=3 natural_canastas=2 mixed_canastas=1 table=275"


def test_score_csv_headings_in_the_readers_language(tmp_path: Path) -> None:
    """``canasta score csv`` is the spreadsheet a club opens: its headings in the reader's language,
    only the parts S3 can score, the numbers plain digits any spreadsheet reads as numbers; the same
    sheet in English keeps the headings Python users and scripts read. Issue 37: the file starts
    with the UTF-8 byte order mark (Excel reads "sí", not "sÃ­") and is split on ';' in Spanish,
    as Spanish Excel splits (',' in English, and for Mexican Spanish, which writes 1.5)."""
    f = str(tmp_path / "planilla.json")
    assert run("score", "new", "american", "-f", f, "--names", "Nosotros,Ellos")[0] == 0
    code, _, err = run("score", "add", "-f", f, "--side", SHEET_WE, "--side", SHEET_THEY, "--who", "Ana")
    assert code == 0, err
    code, out, err = run("score", "csv", "-f", f, "--lang", "es")
    assert code == 0, err
    rows = spreadsheet_records(out, ";")
    assert list(rows[0])[:4] == ["Mano", "Pareja", "Canastas limpias", "Canastas sucias"]
    assert "Total acumulado" in rows[0] and "Running total" not in rows[0]
    assert [r["Pareja"] for r in rows] == ["Nosotros", "Ellos"]
    assert "Canastas de escalera" not in rows[0]   # S3 has no sequences: no column for them
    english = spreadsheet_records(run("score", "csv", "-f", f, "--lang", "en")[1], ",")
    assert [int(r["Total acumulado"]) for r in rows] == [int(r["Running total"]) for r in english]
    # S3 has no concealed bonus: no column for it (the yes / no words: tests/server/test_server_words.py)
    assert "Concealed" not in english[0] and "Relance (cerró de una vez)" not in rows[0]
    assert spreadsheet_records(run("score", "csv", "-f", f, "--lang", "es-MX")[1], ",") == rows
    out_file = tmp_path / "planilla.csv"
    assert run("score", "csv", "-f", f, "--lang", "es", "-o", str(out_file))[0] == 0
    assert out_file.read_text(encoding="utf-8") == out
    with out_file.open(encoding="utf-8-sig", newline="") as fh:   # Python's own reader, as a script reads it
        assert list(csv.DictReader(fh, delimiter=";")) == rows


def test_tournament_plan_in_spanish_and_unchanged_in_english() -> None:
    """``canasta tournament`` says the director's plan from the catalogue: the frame, each option's
    source, the draws (cards named in the reader's words), the movement and the repeat meetings; the
    English is event_plan's, which Python users read, word for word."""
    from canasta.tournament import event_plan, frame_options

    code, out, err = run("tournament", "--tables", "2", "--seed", "5", "--lang", "es")
    assert code == 0, err
    lines = out.splitlines()
    assert lines[0] == "Formato del torneo: 2 mesas, 3 partidas de 50 minutos, aviso a los 40 minutos"
    assert "  games = 3: S3 B: 'Se jugarán 3 partidas de 50 minutos cada una.'" in lines
    assert any(x.startswith("  mesa 2: ") and "comodín" in x and x.endswith(": elige A2") for x in lines), out
    assert "  partida 2: M1 NS1-EW2  M2 NS2-EW1" in lines
    assert lines[-1].startswith("Parejas que se vuelven a enfrentar") and "en la partida 3" in lines[-1]
    assert not re.search(r"\b(table|game|chooses|Movement)\b", out), out
    code, out, _ = run("tournament", "--tables", "1", "--set", "games=1", "--set", "format=knockout",
                       "--lang", "es")
    assert code == 0 and out.startswith("Formato del torneo: 1 mesa, 1 partida de 50 minutos")
    assert "Eliminación directa: " in out
    for args, options in ((("--tables", "2", "--seed", "5"), frame_options()),
                          (("--tables", "1", "--set", "games=1", "--set", "format=knockout"),
                           frame_options(games=1, format="knockout"))):
        code, out, _ = run("tournament", *args, "--lang", "en")
        assert code == 0 and out == event_plan(int(args[1]), int(args[3]) if args[2] == "--seed" else 0,
                                               options) + "\n"


def test_serve_start_lines_in_spanish_and_unchanged_in_english(tmp_path: Path) -> None:
    """``canasta serve --lang es`` prints where it is served, the database and how to stop it from the
    catalogue; without a language, the English of before."""
    from canasta.i18n import catalogue
    from canasta.server.config import ServerConfig
    from canasta.server.run import start_lines

    config = ServerConfig()
    config.data_dir = tmp_path
    url = f"sqlite:///{tmp_path / 'canasta.db'}"
    english = start_lines(config, "127.0.0.1", 8123, url)
    assert english == ["Canasta is running. Open it in a browser at:",
                       "  http://localhost:8123/  on this computer",
                       "  (only this computer can reach it: --host 0.0.0.0 lets your network in)",
                       f"Database: SQLite, {tmp_path / 'canasta.db'}", f"Data folder: {tmp_path}",
                       "Stop it with Ctrl+C."]
    es = catalogue("es")
    spanish = start_lines(config, "127.0.0.1", 8123, url, lambda key, data: es.text(key, data))
    assert spanish[0] == "Canasta está funcionando. Ábrelo en un navegador en:"
    assert spanish[1] == "  http://localhost:8123/  en esta computadora"
    assert spanish[3:] == [f"Base de datos: SQLite, {tmp_path / 'canasta.db'}",
                           f"Carpeta de datos: {tmp_path}", "Para detenerlo, Ctrl+C."]


def test_backup_and_restore_in_spanish(tmp_path: Path) -> None:
    from canasta.server.store import upgrade

    data = tmp_path / "datos"
    data.mkdir()
    upgrade(f"sqlite:///{data / 'canasta.db'}")
    copy = tmp_path / "copia.db"
    code, out, err = run("backup", str(copy), "--data", str(data), "--lang", "es")
    assert code == 0, err
    assert out.startswith(f"copia de seguridad guardada en {copy}: copia de seguridad sqlite, ")
    assert "mesas: 0" in out and "partidas: 0" in out and "esquema " in out and "tables" not in out
    assert re.search(r"\d,\d MB", out), out            # a decimal comma, as Spanish writes it
    code, out, err = run("restore", str(copy), "--data", str(data), "--lang", "es")
    assert code == 0, err
    lines = out.splitlines()
    assert lines[0].startswith("la base de datos reemplazada queda guardada en ")
    assert lines[1].startswith(f"restaurada {copy}: copia de seguridad sqlite, ")
    code, out, err = run("backup", str(tmp_path / "copy.db"), "--data", str(data), "--lang", "en")
    assert code == 0 and out.startswith(f"backed up to {tmp_path / 'copy.db'}: sqlite backup, "), out + err
    assert "tables: 0" in out and re.search(r"\d\.\d MB", out)


def test_serve_says_what_it_cannot_do_in_spanish(tmp_path: Path) -> None:
    """A data folder that is a file: serve refuses in one line, in the reader's language (the OS error
    by its errno too: tests/test_cli_errors_spanish.py)."""
    not_a_folder = tmp_path / "archivo"
    not_a_folder.write_text("x")
    code, out, err = run("serve", "--data", str(not_a_folder), "--port", "8799", "--lang", "es")
    assert one_error_line(code, out, err).startswith(f"error: no se puede usar {not_a_folder}: ")
    code, out, err = run("serve", "--data", str(not_a_folder), "--port", "8799", "--lang", "en")
    assert one_error_line(code, out, err).startswith(f"error: cannot use {not_a_folder}: ")
