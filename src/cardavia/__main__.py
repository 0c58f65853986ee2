from cardavia.cli import main

raise SystemExit(main())
