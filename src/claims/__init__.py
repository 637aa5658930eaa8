"""Claims read from text, and the judge of what they say. Two readers share the package: the
settings reader (``reader``, with ``layout`` and ``names``), which reads every chunk of a corpus for
the values it gives named settings (the audit, ``audit``, and a question about a setting,
``answer``), and the question-driven reader (``extractor``, with ``sentences``, ``spans``,
``phrases`` and ``candidate``), which reads a question's evidence for the typed answer each chunk
gives. ``judge`` decides between a setting's values.

A claim is what one span of one chunk says: the *attribute* it gives a value to (a setting
name such as ``keepalive_timeout``, or the words the text uses), the *value* with its type and
normalised form, its *scope* (the version it holds for), whether it states the attribute's
default or a value someone configured, and the exact span and chunk id.
"""

from .model import Attribute, ReadClaim
from .reader import read_chunk

__all__ = ["Attribute", "ReadClaim", "read_chunk"]
