"""Non-HTML documents (PDF, video transcripts) → the same PageContext shape as ``page/``."""
