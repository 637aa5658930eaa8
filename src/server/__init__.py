"""The HTTP API and web page over one ``AnswerService`` (``create_app``), and the ``ask``/``serve`` commands."""
