"""What the command line refuses, said in the reader's language (issue 37): the hosting tools' errors
(``serve``'s options, a port in use, a database or backup of a newer schema, a bad backup) carry a code
and data and are said from the catalogue; a common OS error is said by its errno, an uncommon one
keeps the system's words; English is unchanged."""

from __future__ import annotations

import errno
import re
import socket
from pathlib import Path

import pytest
import sqlalchemy as sa
from typer.testing import CliRunner

from canasta.cli import app
from canasta.error_words import english, os_reason

runner = CliRunner()
ENV = {"COLUMNS": "300", "LANGUAGE": "", "LC_ALL": "", "LC_MESSAGES": "", "LANG": "C"}


def error_line(*args: str) -> str:
    """The one ``error:`` line a refused command prints (nothing on stdout, exit code 2)."""
    result = runner.invoke(app, list(args), env=ENV)
    err = result.stderr.strip()
    assert result.exit_code == 2 and result.stdout == "" and len(err.splitlines()) == 1, \
        (result.exit_code, result.stdout, err)
    assert "Traceback" not in err
    return err


@pytest.mark.parametrize(("args", "spanish", "english"), [
    (["--limit", "nosuch=1"],
     "error: --limit: 'nosuch=1': no hay ningún límite llamado 'nosuch' (los límites: ",
     "error: --limit: 'nosuch=1': no limit is named 'nosuch' (the limits: "),
    (["--limit", "seat_rate=mucho"], "error: --limit: 'seat_rate=mucho': seat_rate es un número, no 'mucho'",
     "error: --limit: 'seat_rate=mucho': seat_rate is a number, not 'mucho'"),
    (["--limit", "seat_rate=-1"], "error: --limit: 'seat_rate=-1': un límite es 0 o más",
     "error: --limit: 'seat_rate=-1': a limit is 0 or more"),
    (["--public-url", "club"], "error: --public-url 'club': escribe la dirección completa, como https://",
     "error: --public-url 'club': give the whole address, like https://"),
    (["--public-url", "https://club.org/canasta"], "error: --public-url 'https://club.org/canasta': escribe "
     "solo el esquema (http o https) y el servidor", "error: --public-url 'https://club.org/canasta': give "
     "only the scheme and the host"),
    (["--trusted-proxy", "mi-router"], "error: --trusted-proxy 'mi-router' no es una dirección IP ni una red",
     "error: --trusted-proxy 'mi-router' is not an IP address or network"),
])
def test_serve_refuses_a_bad_option_in_the_readers_language(tmp_path: Path, args: list[str], spanish: str,
                                                          english: str) -> None:
    common = ["serve", *args, "--data", str(tmp_path), "--port", "8799"]
    assert error_line(*common, "--lang", "es").startswith(spanish)
    assert error_line(*common, "--lang", "en").startswith(english)


def test_serve_on_a_port_in_use_says_so_in_spanish_before_it_claims_to_run(tmp_path: Path) -> None:
    """The socket is bound before the start lines: a port in use is one line in the reader's language
    (not uvicorn's ``[Errno 98] ... address already in use`` after "Canasta is running")."""
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = str(taken.getsockname()[1])
        line = error_line("serve", "--port", port, "--data", str(tmp_path), "--lang", "es")
        assert line == (f"error: no se puede servir en 127.0.0.1:{port}: el puerto ya está en uso (por otro "
                        "programa, o por un servidor de canasta que ya está funcionando)")
        line = error_line("serve", "--port", port, "--data", str(tmp_path), "--lang", "en")
        assert line == (f"error: cannot serve on 127.0.0.1:{port}: the port is in use already (by another "
                        "program, or a canasta server already running)")


def test_serve_on_an_address_this_computer_lacks_in_spanish(tmp_path: Path) -> None:
    line = error_line("serve", "--host", "192.0.2.1", "--port", "8799", "--data", str(tmp_path),
                      "--lang", "es")
    assert line == "error: no se puede servir en 192.0.2.1:8799: esta computadora no tiene esa dirección"


def _newer(db: Path) -> None:
    """A database written by a canasta of a schema this one does not know."""
    from canasta.server.store import upgrade

    url = f"sqlite:///{db}"
    upgrade(url)
    eng = sa.create_engine(url)
    with eng.begin() as c:
        c.execute(sa.text("UPDATE alembic_version SET version_num = '9999_del_futuro'"))
    eng.dispose()


def test_a_database_and_a_backup_of_a_newer_schema_in_spanish(tmp_path: Path) -> None:
    data = tmp_path / "datos"
    data.mkdir()
    _newer(data / "canasta.db")
    line = error_line("serve", "--data", str(data), "--port", "8799", "--lang", "es")
    assert line.startswith(f"error: la base de datos {data / 'canasta.db'} la escribió una versión más nueva "
                           "de canasta (esquema 9999_del_futuro; esta conoce hasta el ")
    assert line.endswith(": actualiza canasta, o restaura una copia de seguridad hecha con esta versión")
    assert "newer" not in line
    line = error_line("serve", "--data", str(data), "--port", "8799")
    assert line.startswith(f"error: the database {data / 'canasta.db'} was written by a newer canasta")
    backup = tmp_path / "nueva.db"
    _newer(backup)
    line = error_line("restore", str(backup), "--data", str(tmp_path / "otra"), "--lang", "es")
    assert line.startswith(f"error: {backup} la hizo una versión más nueva de canasta "
                           "(esquema 9999_del_futuro")
    assert line.endswith("actualiza canasta para restaurarla")


def test_a_bad_backup_file_in_spanish(tmp_path: Path) -> None:
    data = tmp_path / "datos"
    not_a_backup = tmp_path / "notas.txt"
    not_a_backup.write_text("no es una copia")
    assert error_line("restore", str(not_a_backup), "--data", str(data), "--lang", "es") == (
        f"error: {not_a_backup} no es una copia de seguridad de canasta (no es una base de datos SQLite "
        "ni un archivo de pg_dump)")
    assert error_line("restore", str(not_a_backup), "--data", str(data)) == (
        f"error: {not_a_backup} is not a canasta backup (neither an SQLite database nor a pg_dump file)")
    missing = tmp_path / "no-esta.db"
    assert error_line("restore", str(missing), "--data", str(data), "--lang", "es") == (
        f"error: no se puede leer {missing}: no existe ese archivo o carpeta")
    assert error_line("restore", str(missing), "--data", str(data)) == (
        f"error: cannot read {missing}: there is no such file or folder")
    assert error_line("backup", str(tmp_path / "no" / "copia.db"), "--data", str(data), "--lang", "es") == (
        f"error: la carpeta {tmp_path / 'no'} no existe")
    assert error_line("backup", str(tmp_path), "--data", str(data), "--lang", "es") == (
        f"error: {tmp_path} es una carpeta: ponle nombre al archivo de la copia, como "
        f"{tmp_path / 'canasta-backup.db'}")
    assert error_line("backup", str(tmp_path / "copia.db"), "--data", str(data), "--lang", "es") == (
        f"error: no hay ninguna base de datos en {data / 'canasta.db'} (¿están bien --data o --db?)")


def test_a_missing_file_is_said_in_spanish_on_every_command_that_reads_one(tmp_path: Path) -> None:
    missing = tmp_path / "no-esta.json"
    for args in (["replay", str(missing)], ["verify", str(missing)],
                 ["score", "show", "--file", str(missing)]):
        line = error_line(*args, "--lang", "es")
        assert f"{missing}: no existe ese archivo o carpeta" in line, line
        assert "No such file" not in line
        assert "there is no such file or folder" in error_line(*args, "--lang", "en")


def test_os_errors_by_errno_common_ones_said_uncommon_ones_kept() -> None:
    """A common OS error is a code (said in each language); an uncommon one keeps the system's text,
    the detail a volunteer can search for."""
    assert os_reason(PermissionError(errno.EACCES, "Permission denied")) == {"code": "os_eacces", "data": {}}
    assert os_reason(OSError(errno.ENOSPC, "No space left on device"))["code"] == "os_enospc"  # type: ignore[index]
    assert os_reason(socket.gaierror(socket.EAI_NONAME, "Name or service not known")) == \
        {"code": "os_unknown_host", "data": {}}
    assert os_reason(OSError(errno.EIO, "Input/output error")) == "Input/output error"
    assert english("record_cannot_read", {"path": "p.json", "why": os_reason(OSError(errno.EACCES, "x"))}) \
        == "cannot read p.json: permission denied"
    assert english("record_cannot_read", {"path": "p.json", "why": "Input/output error"}) \
        == "cannot read p.json: Input/output error"


# ------------------------------------------------------------------ Click's usage errors, by their kind
@pytest.mark.parametrize(("args", "spanish", "english"), [
    (["nosuch"], "error: no existe el comando 'nosuch' (consulta 'canasta --help')",
     "error: no such command 'nosuch' (see 'canasta --help')"),
    (["serv"], "error: no existe el comando 'serv' (¿quisiste decir 'serve'?) (consulta 'canasta --help')",
     "error: no such command 'serv' (did you mean 'serve'?) (see 'canasta --help')"),
    (["score", "nada"], "error: no existe el comando 'nada' (consulta 'canasta score --help')",
     "error: no such command 'nada' (see 'canasta score --help')"),
    (["serve", "--port", "99999"],
     "error: valor no válido para '--port': tiene que ser como máximo 65535 "
     "(consulta 'canasta serve --help')",
     "error: invalid value for '--port': must be at most 65535 (see 'canasta serve --help')"),
    (["serve", "--port", "ocho"],
     "error: valor no válido para '--port': no es un número entero (consulta 'canasta serve --help')",
     "error: invalid value for '--port': not a whole number (see 'canasta serve --help')"),
    (["simulate", "--games", "-1"],
     "error: valor no válido para '--games': tiene que ser como mínimo 0 "
     "(consulta 'canasta simulate --help')",
     "error: invalid value for '--games': must be at least 0 (see 'canasta simulate --help')"),
    (["serve", "--bot-delay", "poco"],
     "error: valor no válido para '--bot-delay': no es un número (consulta 'canasta serve --help')",
     "error: invalid value for '--bot-delay': not a number (see 'canasta serve --help')"),
    (["serve", "--prot", "8000"],
     "error: no existe la opción --prot (¿quisiste decir --port, --host?) (consulta 'canasta serve --help')",
     "error: no such option: --prot (did you mean --port, --host?) (see 'canasta serve --help')"),
    (["serve", "--zzz"], "error: no existe la opción --zzz (consulta 'canasta serve --help')",
     "error: no such option: --zzz (see 'canasta serve --help')"),
    # the argument named as the Spanish help names it (canasta backup --help --lang es)
    (["backup"], "error: falta el argumento 'archivo' (consulta 'canasta backup --help')",
     "error: missing argument 'file' (see 'canasta backup --help')"),
    (["rules", "classic", "extra"], "error: sobra un argumento (extra) (consulta 'canasta rules --help')",
     "error: unexpected extra argument (extra) (see 'canasta rules --help')"),
    (["rules", "classic", "a", "b"], "error: sobran argumentos (a b) (consulta 'canasta rules --help')",
     "error: unexpected extra arguments (a b) (see 'canasta rules --help')"),
    (["serve", "--open=sí"], "error: la opción --open no lleva ningún valor",
     "error: option --open does not take a value"),
])
def test_a_usage_error_is_said_in_the_readers_language(args: list[str], spanish: str, english: str) -> None:
    """Click's usage errors from our catalogue by their kind, in the language asked for before Click
    parsed (``--lang`` anywhere on the line, else the terminal's); English as before."""
    assert error_line(*args, "--lang", "es") == spanish
    assert error_line(*args) == english
    result = runner.invoke(app, args, env={**ENV, "LANG": "es_AR.UTF-8"})
    assert result.stderr.strip() == spanish


def test_an_option_with_no_value_is_said_in_spanish() -> None:
    result = runner.invoke(app, ["serve", "--port"], env={**ENV, "LANG": "es_ES.UTF-8"})
    assert result.exit_code == 2 and result.stderr.strip() == "error: la opción --port necesita un valor"


def test_an_unknown_language_is_refused_in_the_terminals_language() -> None:
    assert error_line("variants", "--lang", "xx") == \
        "error: no catalogue for language 'xx': choose one of en, es"
    result = runner.invoke(app, ["variants", "--lang", "xx"], env={**ENV, "LANG": "es_UY.UTF-8"})
    assert result.exit_code == 2
    assert result.stderr.strip() == "error: no hay catálogo para el idioma 'xx': elige uno de en, es"


def test_plays_seats_and_level_refused_in_spanish(tmp_path: Path) -> None:
    save = str(tmp_path / "p.json")
    assert error_line("play", "--seats", "human,gato", "--save", save, "--lang", "es") == \
        "error: --seats: 'gato' no es ni 'human' ni 'bot'"
    assert error_line("play", "--seats", "bot,bot,bot,bot", "--save", save, "--lang", "es") == \
        "error: --seats: al menos un asiento tiene que ser de una persona ('human')"
    assert error_line("play", "--variant", "classic", "--seats", "human,bot,bot", "--save", save,
                      "--lang", "es") == "error: la opción 'players' = 3: classic es para 4 jugadores"
    assert error_line("play", "--level", "maestro", "--save", save, "--lang", "es").startswith(
        "error: --level tiene que ser uno de estos: beginner, club, expert")
    assert error_line("play", "--level", "maestro", "--save", save).startswith(
        "error: --level must be one of beginner, club, expert")


def test_an_unexpected_error_is_framed_in_spanish(monkeypatch: pytest.MonkeyPatch) -> None:
    """The safety net's own words (a bug to report) come from the catalogue too; the bug's detail as
    Python gives it."""
    import canasta.cli

    def broken(*_a: object, **_k: object) -> object:
        raise KeyError("roto")

    monkeypatch.setattr(canasta.cli, "preset_table", broken)
    monkeypatch.delenv("CANASTA_DEBUG", raising=False)
    result = runner.invoke(app, ["variants", "--lang", "es"], env=ENV)
    assert result.exit_code == 1
    assert result.stderr.strip().startswith(
        "error: error inesperado KeyError: 'roto' (es una falla del programa")


def test_a_session_with_the_wrong_number_of_seats_says_so_in_spanish() -> None:
    from canasta import rules
    from canasta.errors import SeatError
    from canasta.i18n import catalogue
    from canasta.state import GameState
    from canasta.tui.session import Session

    with pytest.raises(SeatError) as info:
        Session(GameState.new(rules("classic"), seed=1), ["human", "bot", "bot"])
    assert str(info.value) == "--seats: 3 seats given but classic is played by 4"
    assert catalogue("es").error(info.value) == \
        "--seats: se indicaron 3 asientos, pero classic es para 4 jugadores"


def test_the_terminal_game_says_a_failed_save_in_spanish(tmp_path: Path) -> None:
    """The game goes on when it cannot be saved, and says why in the player's language (the OS error
    by its errno)."""
    from canasta import rules
    from canasta.state import GameState
    from canasta.tui.session import Session
    from canasta.tui.words import use

    blocker = tmp_path / "archivo"
    blocker.write_text("x")   # a file where the save's folder should be
    session = Session(GameState.new(rules("classic"), seed=1), ["human", "bot", "bot", "bot"],
                      save_path=blocker / "partida.json")
    try:
        use("es")
        session.apply(session.state.legal_actions()[0])
        # the folder cannot be made: a file of that name exists already (EEXIST)
        assert session.save_error == f"no se pudo guardar la partida en {blocker / 'partida.json'}: ya existe"
        use("en")
        session.apply(session.state.legal_actions()[0])
        assert session.save_error == \
            f"the game could not be saved to {blocker / 'partida.json'}: it exists already"
    finally:
        use("en")


def test_broken_json_is_placed_in_the_readers_language(tmp_path: Path) -> None:
    """Where a record's JSON breaks (line and column), not Python's English ``Expecting value``."""
    broken = tmp_path / "rota.json"
    broken.write_text('{"format": "canasta-record",\n "seed": }')
    assert error_line("replay", str(broken), "--lang", "es") == \
        f"error: {broken}: no es JSON válido: hay un error en la línea 2, columna 10"
    assert error_line("replay", str(broken)) == \
        f"error: {broken}: not valid JSON: a mistake at line 2, column 10"


def test_a_missing_optional_extra_in_spanish(monkeypatch: pytest.MonkeyPatch) -> None:
    import sys

    monkeypatch.setitem(sys.modules, "ray", None)   # `import ray` fails, as without the extra
    assert error_line("match", "--games", "2", "--ray", "auto", "--lang", "es") == \
        "error: --ray necesita el extra opcional 'ray': pip install 'canasta[ray]'"
    assert error_line("match", "--games", "2", "--ray", "auto") == \
        "error: --ray needs the optional 'ray' extra: pip install 'canasta[ray]'"


@pytest.mark.parametrize("args", [
    ["nosuch"], ["serve", "--port", "99999"], ["serve", "--prot", "1"], ["backup"], ["rules", "a", "b", "c"],
    ["serve", "--open=1"], ["serve", "--limit", "x=1"], ["serve", "--public-url", "x"],
    ["restore", "/nonexistent/copy.db"], ["replay", "/nonexistent/r.json"],
])
def test_no_plain_english_word_in_the_pseudo_locale(args: list[str]) -> None:
    """In the pseudo-locale every word of a refusal comes accented from the catalogue: a plain English
    word left in code (Click's, the OS's, a tool's) would show as it is."""
    result = runner.invoke(app, [*args, "--lang", "en-XA"], env=ENV)
    line = result.stderr.strip()
    assert result.exit_code == 2 and line.startswith("[éŕŕöŕ: ["), line
    plain = {"error", "invalid", "value", "missing", "argument", "such", "command", "option", "cannot",
             "read", "must", "most", "see", "help", "limit", "named", "give", "whole", "address", "there",
             "file", "folder", "unexpected", "extra", "does", "take", "catalogue", "language", "choose"}
    words = set(re.findall(r"(?<![\w/.'=-])[a-z]+(?![\w/.'=-])", line))
    assert not words & plain, (line, words & plain)
    english = runner.invoke(app, args, env=ENV).stderr   # the check sees English where it is
    assert set(re.findall(r"(?<![\w/.'=-])[a-z]+(?![\w/.'=-])", english)) & plain
