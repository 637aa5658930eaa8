"""Claims read from text: the reader (``reader``) and the settings it knows (``settings``).

A claim is what one span of one chunk says: the *attribute* it gives a value to (a setting
name such as ``keepalive_timeout``, or the words the text uses), the *value* with its type and
normalised form, its *scope* (the version it holds for), whether it states the attribute's
default or a value someone configured, and the exact span and chunk id.
"""

from .model import Attribute, ReadClaim
from .reader import read_chunk

__all__ = ["Attribute", "ReadClaim", "read_chunk"]
