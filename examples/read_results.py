#!/usr/bin/env python3
"""Read a hazsim simulation result (the SQLite file) with the standard library, and with
pandas when it is installed.

    python3 examples/read_results.py example_feeder_example_hurricane_results.sqlite
"""
import json
import sqlite3
import sys


def main(path: str) -> None:
    con = sqlite3.connect(path)
    info = dict(con.execute("SELECT key, value FROM run_info"))
    print(f"hazsim {info['hazsim_version']}: {info['distribution_name']} x {info['hazard_name']} "
          f"with {info['curve_set']} ({info['asset_count']} assets, {info['timestamp_count']} timestamps)")
    for warning in json.loads(info.get("warnings", "[]")):
        print(f"warning: {warning}")

    print("\nlowest survival by asset type:")
    rows = con.execute(
        "SELECT asset_type, COUNT(DISTINCT distribution_asset), MIN(survival_probability) "
        "FROM assetstatetable GROUP BY asset_type ORDER BY 3")
    for asset_type, count, lowest in rows:
        print(f"  {asset_type:34s} {count:5d} assets  lowest survival {lowest:.4f}")

    print("\nfive most vulnerable assets:")
    rows = con.execute(
        "SELECT asset_name, asset_type, lowest_survival_probability FROM asset_lowest_survival "
        "ORDER BY lowest_survival_probability, asset_name LIMIT 5")
    for name, asset_type, lowest in rows:
        print(f"  {name:30s} {asset_type:34s} {lowest:.4f}")

    try:
        import pandas as pd
    except ImportError:
        print("\n(pandas is not installed; skipping the DataFrame part)")
        return
    frame = pd.read_sql_query("SELECT * FROM assetstatetable_si", con, parse_dates=["timestamp"])
    hourly = frame.groupby("timestamp")["survival_probability"].mean()
    print("\nmean survival per timestamp (pandas):")
    print(hourly.to_string())


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    main(sys.argv[1])
