"""The checking page in headless Chromium: submit the example, see the contradicted unit, focus it, see its
evidence window.  Skips unless FastAPI, uvicorn, selenium, ``chromium`` and ``chromedriver`` are all present.

A screenshot goes to the test's tmp dir, and to ``$MEDHAL_TEST_ARTIFACTS`` when that is set (for CI uploads).
"""

from __future__ import annotations

import os
import shutil
import socket
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("fastapi")
uvicorn = pytest.importorskip("uvicorn")
pytest.importorskip("selenium")

from selenium import webdriver  # noqa: E402
from selenium.common.exceptions import WebDriverException  # noqa: E402
from selenium.webdriver.chrome.service import Service  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support.ui import Select, WebDriverWait  # noqa: E402

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser") or shutil.which("google-chrome")
CHROMEDRIVER = shutil.which("chromedriver")
pytestmark = pytest.mark.skipif(
    CHROMIUM is None or CHROMEDRIVER is None, reason="needs chromium and chromedriver on PATH"
)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@pytest.fixture
def base_url(make_app: Callable[..., Any]) -> Iterator[str]:
    app = make_app()
    port = free_port()
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        assert thread.is_alive() and time.monotonic() < deadline, "server did not start"
        time.sleep(0.02)
    yield f"http://127.0.0.1:{port}"
    server.should_exit = True
    thread.join(timeout=20)


@pytest.fixture
def driver() -> Iterator[Any]:
    options = webdriver.ChromeOptions()
    options.binary_location = str(CHROMIUM)
    for flag in (
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-dev-shm-usage",
        "--window-size=1280,1100",
    ):
        options.add_argument(flag)
    try:
        browser = webdriver.Chrome(options=options, service=Service(executable_path=str(CHROMEDRIVER)))
    except WebDriverException as exc:
        pytest.skip(f"chromium did not start: {exc.msg}")
    try:
        yield browser
    finally:
        browser.quit()


def background(browser: Any, element: Any) -> str:
    return str(browser.execute_script("return getComputedStyle(arguments[0]).backgroundColor", element))


def test_page_highlights_the_contradiction_and_its_evidence(base_url: str, driver: Any, tmp_path: Path) -> None:
    driver.get(base_url + "/")
    driver.find_element(By.ID, "example").click()
    Select(driver.find_element(By.ID, "units")).select_by_value("sentence")
    driver.find_element(By.ID, "submit").click()
    wait = WebDriverWait(driver, 20)
    wait.until(lambda d: d.find_element(By.ID, "status").text.startswith(("Flagged", "Not flagged")))
    assert driver.find_element(By.ID, "error").text == ""
    assert driver.find_element(By.ID, "status").text.startswith("Flagged")

    # the audit trail is medhal.report.html_viewer's document; its stable DOM hooks are documented there
    driver.switch_to.frame(driver.find_element(By.ID, "audit"))
    wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, ".answer span.unit"))
    contradicted = driver.find_elements(By.CSS_SELECTOR, '.answer span.unit[data-verdict="contradicted"]')
    assert [u.text for u in contradicted] == ["Mayor Ortiz opposed the expansion."]
    unit = contradicted[0]
    others = driver.find_elements(By.CSS_SELECTOR, '.answer span.unit:not([data-verdict="contradicted"])')
    assert others and all(background(driver, u) != background(driver, unit) for u in others)  # highlighted apart
    assert background(driver, unit) not in ("rgba(0, 0, 0, 0)", "transparent")
    assert not driver.find_elements(By.CSS_SELECTOR, "mark.evidence-window")

    driver.execute_script("arguments[0].focus()", unit)
    wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "mark.evidence-window"))
    assert "active" in (unit.get_attribute("class") or "")
    marks = driver.find_elements(By.CSS_SELECTOR, "mark.evidence-window")
    assert len(marks) == 1 and marks[0].get_attribute("data-kind") == "contradicting"
    assert marks[0].get_attribute("data-unit") == unit.get_attribute("data-unit")
    assert marks[0].text.startswith("Mayor Lena Ortiz said the expansion")
    assert background(driver, marks[0]) not in ("rgba(0, 0, 0, 0)", "transparent")

    driver.switch_to.default_content()
    shot = tmp_path / "serve_page.png"
    assert driver.save_screenshot(str(shot)) and shot.stat().st_size > 1000
    artifacts = os.environ.get("MEDHAL_TEST_ARTIFACTS")
    if artifacts:
        Path(artifacts).mkdir(parents=True, exist_ok=True)
        shutil.copy(shot, Path(artifacts) / shot.name)


def test_page_shows_api_errors(base_url: str, driver: Any) -> None:
    driver.get(base_url + "/")
    driver.find_element(By.ID, "evidence").send_keys("Aspirin reduced pain.")
    driver.find_element(By.ID, "response").send_keys("   ")
    driver.find_element(By.ID, "submit").click()
    WebDriverWait(driver, 20).until(lambda d: d.find_element(By.ID, "error").text)
    assert driver.find_element(By.ID, "error").text == "input_error: response is empty"
