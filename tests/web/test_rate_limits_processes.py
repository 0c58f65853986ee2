"""Two ``cardavia serve`` processes on one PostgreSQL database allow a client's burst once, not twice:
the rate limits' buckets are in the database."""

from __future__ import annotations

from pathlib import Path

import httpx
import pytest
from server_process import start_server


@pytest.mark.postgres
@pytest.mark.slow
def test_two_processes_share_the_burst(tmp_path: Path, postgres_url: str) -> None:
    log = tmp_path / "servers.log"
    # a burst of 3 and no refill to speak of (a token in 100 minutes): the count cannot depend on speed
    env = {"CARDAVIA_CREATE_BURST": "3", "CARDAVIA_CREATE_PER_MINUTE": "0.01"}
    servers = [start_server(postgres_url, log, env=env) for _ in range(2)]
    try:
        clients = [httpx.Client(base_url=server.url, timeout=10) for server in servers]
        made = [
            clients[i % 2].post("/api/tables", json={"game": "cherki", "level": "easy"}).status_code
            for i in range(8)
        ]
        assert made == [201, 201, 201, 429, 429, 429, 429, 429], made
        created = clients[0].post("/api/tables", json={"game": "tien-gow", "friends": 1})
        assert created.status_code == 429  # the creations are spent, on both processes
        looks = [clients[i % 2].get(f"/join/token-{i}").status_code for i in range(6)]
        assert looks == [404, 404, 404, 429, 429, 429], looks  # the join bucket: 3 looks in all
        for client in clients:
            client.close()
    finally:
        for server in servers:
            server.stop()
