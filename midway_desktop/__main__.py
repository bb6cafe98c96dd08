from midway_desktop.cli import main

raise SystemExit(main())
