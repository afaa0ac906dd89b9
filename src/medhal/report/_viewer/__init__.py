"""The pieces behind :mod:`medhal.report.html_viewer` (private; import from ``html_viewer``).

- :mod:`.common`: verdict names, icons, escaping and number formatting shared by every piece;
- :mod:`.records`: reading check results back from their JSON form;
- :mod:`.evidence`: evidence blocks and the UTF-16 targets of deciding windows;
- :mod:`.item`: one result's section (answer, unit details, evidence, unit table).

The page around them, and the CSS / JS read from ``medhal/report/assets/``, are in ``html_viewer`` itself.
"""
