"""``cardavia bench``: measurements of the site, beside the layers it measures (it imports them all,
nothing imports it).

- :mod:`.engine`: engine speed and bot decision times, on one core;
- :mod:`.load` (``--http``): simulated players against server processes, through the HTTP API and the
  event stream (:mod:`.client`, :mod:`.servers`, :mod:`.databases`).
"""
