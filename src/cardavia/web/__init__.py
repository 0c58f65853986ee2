"""The site: pages, the table API, live updates and static assets."""
