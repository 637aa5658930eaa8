"""What a question asks for: the expected answer type, the subject it is about and its scope.

General English question grammar, no corpus vocabulary: the wh-word and the noun it asks
about ("what *sport*", "the *population* of", "how *many*", "who", "when", "is ... available")
decide the type; the remaining content words are the subject ("Bobby Carpenter", "event
history") and the words that frame the answer's sentence ("born", "directed"). The noun asked
about is classified by its shape and by small sets of general English nouns (numeric
measures, places, organisations, kinship), never by one product's terms.

    >>> q = analyse_question("What is the population of Elwin Bay?")
    >>> q.atype, q.type_noun, q.subject
    (<AnswerType.COUNT: 'count'>, 'population', 'Elwin Bay')
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import Enum

from .asking import WH, YESNO, antecedent, asking_clause, main_question
from .mentions import HOW_OFTEN, NAMED_RELEASE, Mention, find_mentions
from .scope import DIMENSION_NOUNS, find_scope
from .text import STOP, content_words, key_tokens, mask_spans
from .values import parse_value, resolve_unit, unit_name


class AnswerType(str, Enum):
    QUANTITY = "quantity"  # a number with a unit of any kind
    DURATION = "duration"
    SIZE = "size"
    RATE = "rate"
    COUNT = "count"
    PERCENT = "percentage"
    MONEY = "money"
    DATE = "date"  # a calendar date, month or year
    YEAR = "year"
    TIME = "time"  # a weekday, a clock time or a window, with its zone
    VERSION = "version"
    YESNO = "yesno"  # availability or a yes/no fact, with its scope ("only on plan X")
    PERSON = "person"
    PLACE = "place"
    ORG = "organisation"
    TITLE = "title"
    PHRASE = "phrase"  # anything else: a category ("sport", "genre"), a setting's name


NUMERIC_TYPES = frozenset({AnswerType.QUANTITY, AnswerType.DURATION, AnswerType.SIZE, AnswerType.RATE,
                           AnswerType.COUNT, AnswerType.PERCENT, AnswerType.MONEY})
MEASURED_TYPES = NUMERIC_TYPES | {AnswerType.VERSION, AnswerType.DATE, AnswerType.YEAR, AnswerType.TIME}  # found by shape
ENTITY_TYPES = frozenset({AnswerType.PERSON, AnswerType.PLACE, AnswerType.ORG, AnswerType.TITLE,
                          AnswerType.PHRASE})

# General English nouns that name a measure, a place, an organisation or a relative.
_COUNT_NOUNS = {"population", "number", "count", "total", "amount", "inhabitants", "residents", "seats",
                "members", "employees", "users", "copies", "episodes", "goals", "votes", "instances"}
_QUANTITY_NOUNS = {"length", "height", "width", "depth", "distance", "area", "weight", "elevation",
                   "altitude", "speed", "limit", "maximum", "minimum", "max", "min", "age",
                   "temperature", "volume", "diameter", "threshold", "ceiling", "cap", "code", "port"}
_SIZE_NOUNS = {"size", "capacity", "storage", "space", "quota", "memory", "disk", "footprint"}
_DURATION_NOUNS = {"duration", "period", "retention", "timeout", "interval", "lifetime", "expiry", "expiration",
                   "ttl", "delay", "wait", "term", "runtime", "latency"}
_MONEY_NOUNS = {"price", "cost", "fee", "salary", "budget", "revenue", "charge", "fare", "prize", "income", "wage",
                "earnings", "gdp", "funding", "valuation"}
_RATE_NOUNS = {"rate", "frequency", "throughput", "bandwidth", "bitrate"}
DATA_RATE_NOUNS = frozenset({"bandwidth", "bitrate"})  # measured in bits per second, never in events
_PERCENT_NOUNS = {"percentage", "percent", "share", "proportion", "ratio"}
_PLACE_NOUNS = {"location", "city", "country", "state", "town", "capital", "birthplace", "headquarters",
                "hometown", "region", "county", "province", "village", "place", "venue", "address", "site",
                "continent", "island", "district", "municipality", "nationality"}
_ORG_NOUNS = {"company", "organization", "organisation", "party", "team", "club", "band", "university",
              "school", "college", "label", "publisher", "network", "agency", "manufacturer", "studio",
              "employer", "firm", "brand", "church", "league"}
_KIN_NOUNS = {"father", "mother", "son", "daughter", "wife", "husband", "spouse", "brother", "sister",
              "parent", "parents", "child", "children", "founder", "author", "owner", "leader", "head", "king",
              "queen", "successor", "predecessor", "partner", "person", "who"}
_AGENT = re.compile(r"[a-z]{3,}(?:er|or|ist|ian|ant|ent)s?$")
_NOT_AGENT = _COUNT_NOUNS | _QUANTITY_NOUNS | _DURATION_NOUNS | {"order", "paper", "letter", "water", "character",
                                                                    "chapter", "center", "centre", "river",
                                                                    "parameter", "counter", "filter", "content",
                                                                    "percent", "event", "component", "element",
                                                                    "document", "environment", "agent"}
# Words that frame a question without naming its subject ("What sport is X associated with?").
FRAME_WORDS = frozenset({"associated", "known", "located", "called", "named", "considered", "refer", "refers",
                         "described", "famous", "related", "involved", "associate", "happen", "happens",
                         "name", "kind", "type", "sort", "current", "currently", "exactly", "main", "primary",
                         "estimated", "official", "actual"})
_HOW = re.compile(r"\bhow\s+(many|much|long|often|frequently|old|big|large|fast|far|high|tall|deep|wide|heavy|"
                  r"soon|quickly|early|late)\b((?:\s+(?!(?:is|are|was|were|do|does|did|can|could|will|would|should|"
                  r"has|have|had|may|might|must)\b)[a-z][\w-]*){0,3})", re.IGNORECASE)
_ASKED_NOUN = re.compile(r"\b(?:what|which)\s+(?:is|are|was|were)\s+(?:the\s+|a\s+|an\s+)?(?:(?:\w+\s+){0,2}?)"
                         r"(?P<noun>[a-z]+)\s+(?:of|for|in|on|at|does|do|did|is|was|that|to|when|by|with)\b"
                         r"|\b(?:what|which)\s+(?P<noun2>[a-z][a-z-]*(?:\s+(?!(?:of|for|in|on|at|to|by)\b)[a-z][a-z-]*){0,2}?)\s+"
                         r"(?:is|are|was|were|does|do|did|has|"
                         r"have|had|can|will|would|should)\b"
                         r"|\b(?:what|which)\s+(?P<noun3>[a-z]+)\b", re.IGNORECASE)
_CONTRACTIONS = re.compile(r"\b(what|who|where|when|how|which)'s\b", re.IGNORECASE)
_HOW_WORDS = re.compile(r"how|many|much|long|often|frequently|old")
_QUOTED = re.compile(r"[\"“”]([^\"“”]{2,80})[\"“”]|(?<!\w)'([^']{2,80})'(?!\w)")
_WORD_CAP = r"(?!I\b|I')(?:[A-Z][\w'&-]*(?:\.(?=[A-Z\s]))?(?:[A-Z][\w'&-]*)?)"
_PROPER = re.compile(rf"(?:{_WORD_CAP}|\d[\w.]*[\w])(?:\s+(?:(?:of|the|de|la|von|van|and|du|del|da|&)\s+)*"
                     rf"(?:{_WORD_CAP}|\d+[\w.]*))*")


@dataclass(frozen=True)
class Question:
    """A question analysed: ``atype`` the answer expected, ``type_noun`` the noun asked about
    ("population", "sport"; None for who/when/how many...), ``subject`` the phrase the
    question is about, ``subject_terms`` its stemmed terms, ``cue_terms`` the stemmed terms of
    the rest ("born", "directed", "population") that an answering sentence tends to use,
    ``scope`` the plan/version/region the question names, and ``weights`` what each of those
    terms says in the corpus asked (its IDF; set by ``AnswerService.answer_set``, empty elsewhere),
    ``names`` the options, identifiers and code words it names that few of the corpus's chunks use
    (``--raw-output0``; set there too): a chunk that names none of them answers something else."""

    text: str
    atype: AnswerType
    type_noun: str | None
    subject: str
    subject_terms: frozenset[str]
    cue_terms: frozenset[str]
    scope: dict[str, str] = field(default_factory=dict)
    named_subject: bool = False  # the subject is a proper name (a person, a work, a place...)
    asked: str = ""  # the whole text as asked, context sentences included ("My kid wiped ... How long ...?")
    weights: Mapping[str, float] = field(default_factory=dict, compare=False)  # what each term says in the corpus (IDF)
    names: tuple[str, ...] = field(default=(), compare=False)  # what it names as code that few chunks use (the service's)

    @property
    def names_product(self) -> bool:
        """The subject is a name asked about as a product, whose measure or behaviour is asked ("the
        largest upload Acme Drive allows"), not as one of several things sharing it."""
        return not self.named_subject and bool(re.match(r"[A-Z]", self.subject))

    @property
    def key(self) -> str:
        """The claim key of the fact asked: "population of broken bow", "event history keep"."""
        subject = " ".join(w for w in re.findall(r"[\w.'-]+", self.subject.lower()) if w not in STOP)
        if self.named_subject:
            return f"{self.type_noun or self.atype.value} of {subject}"
        words = [w.lower() for w in content_words(self.text) if w.lower() not in FRAME_WORDS
                 and not _HOW_WORDS.fullmatch(w.lower())]
        return " ".join(dict.fromkeys(words)) or subject or self.atype.value


_OWNED_PLURAL = re.compile(r"\s+([a-z][a-z-]*[^sui\W]s)\b")  # "NimbusNote backups", not "X refers", "X status"


def _noun_type(noun: str) -> AnswerType | None:
    n = noun.lower()
    single = n[:-1] if n.endswith("s") and not n.endswith("ss") and n not in _COUNT_NOUNS else n
    for nouns, t in ((_COUNT_NOUNS, AnswerType.COUNT), (_PERCENT_NOUNS, AnswerType.PERCENT),
                     (_DURATION_NOUNS, AnswerType.DURATION), (_MONEY_NOUNS, AnswerType.MONEY),
                     (_RATE_NOUNS, AnswerType.RATE), (_SIZE_NOUNS, AnswerType.SIZE),
                     (_QUANTITY_NOUNS, AnswerType.QUANTITY)):
        if n in nouns or single in nouns:
            return t
    if n in ("year", "years"):
        return AnswerType.YEAR
    if n in ("date", "birthday", "day", "dates"):
        return AnswerType.DATE
    if n in ("time", "times", "hour", "hours", "schedule"):
        return AnswerType.TIME
    if n in ("version", "versions", "release", "releases"):
        return AnswerType.VERSION
    if n in _PLACE_NOUNS or single in _PLACE_NOUNS:
        return AnswerType.PLACE
    if n in _ORG_NOUNS or single in _ORG_NOUNS:
        return AnswerType.ORG
    if n in _KIN_NOUNS or single in _KIN_NOUNS or (_AGENT.fullmatch(n) and single not in _NOT_AGENT
                                                   and n not in _NOT_AGENT):
        return AnswerType.PERSON
    if n in ("title", "titles", "album", "film", "book", "song", "movie"):
        return AnswerType.TITLE
    return None


_A_UNIT = re.compile(r"(?:\s+[\w-]+){0,3}?\s+([\w-]+)\s+(?:a|an|each|every)\s+(?:second|minute|hour|day|week|month|year)\b",
                     re.IGNORECASE)  # "... events a month": counted in each unit of time


def _how(m: re.Match) -> tuple[AnswerType, str | None]:
    word, words = m.group(1).lower(), (m.group(2) or "").lower().split()
    if word in ("many", "much") and "per" in words:  # "how many requests per hour": a rate
        return AnswerType.RATE, (words[:words.index("per")] or [None])[-1]
    if word in ("many", "much") and (a := _A_UNIT.match(m.string, m.start(2))):  # "how many events a month"
        return AnswerType.RATE, a.group(1).lower()
    cut = next((i for i, w in enumerate(words) if w in ("of", "in", "on", "for", "at", "from", "with")), len(words))
    nxt = words[:cut][-1] if words[:cut] else ""  # "how many days of version history": days are counted
    if word == "many":
        # "how many days ahead": the unit counted, wherever it stands among the words asked
        for w in words[:cut]:
            unit = resolve_unit(w)
            if unit and unit[0] in ("duration", "size"):
                return (AnswerType.DURATION if unit[0] == "duration" else AnswerType.SIZE), w
        return AnswerType.COUNT, nxt or None
    if word == "much":
        if nxt == "time":
            return AnswerType.DURATION, None
        # "how much disk quota do I get ...": the first measure noun asked about
        noun = next((w for w in words[:cut] if _noun_type(w) in NUMERIC_TYPES), nxt)
        t = _noun_type(noun) if noun else None
        return (t if t in NUMERIC_TYPES else AnswerType.QUANTITY), noun or None
    if word in ("long", "soon", "quickly", "early", "late") or word == "far" and words[:1] == ["back"]:
        return AnswerType.DURATION, None
    if word in ("often", "frequently"):
        return AnswerType.RATE, None
    if word == "old":
        return AnswerType.COUNT, "age"
    return AnswerType.QUANTITY, None


# the oldest or first thing of a kind having what the question writes as code (an option, a
# setting's identifier) is a release of it: "the oldest tar that understands --exclude-vcs"
_OLDEST = re.compile(r"\b(?:the\s+)(?:oldest|earliest|first|minimum|lowest|newest|latest)\s+[a-z]", re.IGNORECASE)
_CODE_NAME = re.compile(r"(?<![\w-])--?[A-Za-z][\w-]*|\b[a-z]+[._][a-z][\w.]*\b|`[^`]+`")


def _asked_noun(text: str) -> tuple[str | None, str | None]:
    """(the noun asked about, the name before it: "which numtool version" -> version, numtool)."""
    owned = re.search(r"\w's\s+([a-z]+)\s*\??$", text)
    if owned and re.match(r"\s*(?:what|which)\b", text, re.IGNORECASE):
        return owned.group(1).lower(), None
    np_ = re.match(r"\s*(?:what|which)\s+(?:is|are|was|were)\s+(?:the\s+|a\s+|an\s+)(?P<np>[a-z][\w\s-]*?)\s*"
                   r"(?:\b(?:of|for|in|on|at|per|by|with|from|when|that|does|do|did|is|are)\b|\?|$)", text, re.IGNORECASE)
    if np_:
        words = [w.lower() for w in np_.group("np").split()]
        # "the shortest passphrase length Acme allows": the first measure noun, a specific one
        # ("the largest upload size": size) before a generic one (maximum), else the head
        measures = [w for w in words if _noun_type(w) in NUMERIC_TYPES]
        return next((w for w in measures if _noun_type(w) != AnswerType.QUANTITY), (measures or words[-1:])[0]), None
    m = _ASKED_NOUN.search(text)
    if not m:
        return None, None
    after = text[m.end():].split(None, 1)
    if m.group("noun3") and after and _noun_type(after[0].lower()) in MEASURED_TYPES:
        return after[0].lower(), m.group("noun3").lower()  # "which numtool version added ...": the measured noun heads it
    noun = (m.group("noun") or m.group("noun2") or m.group("noun3") or "").lower().split()
    noun = [w for w in noun if w not in STOP]
    return (noun[-1] if noun else None), None


def _subject(text: str, skip: set[str]) -> tuple[str, bool]:
    """(subject, is a proper name): the quoted title, else the longest run of capitalised
    words after the first word (scope phrases such as "the Team plan" masked), else the content
    words that are not the asked noun or frame words."""
    quoted = _QUOTED.search(text)
    if quoted:
        return (quoted.group(1) or quoted.group(2)).strip(), True
    body = text.strip().rstrip("?").strip()
    body = mask_spans(body, find_scope(body)[1])
    first = re.match(r"(?:(?:what|which|who|whom|whose|when|where|why|how|in|on|at|for|is|are|was|were|does|do|"
                     r"did|can|could|will|would|has|have|had|should|may|must)\s+)+", body, re.IGNORECASE)
    rest = body[first.end():] if first else body
    offset = len(body) - len(rest)
    runs = [m for m in _PROPER.finditer(rest) if m.group(0).lower() not in skip | STOP
            # a lone capitalised first word ("Recommend ...", "Explain ...") is just the sentence start
            and not (offset + m.start() == 0 and " " not in m.group(0) and not re.search(r"[A-Z\d]", m.group(0)[1:]))]
    if runs:
        best = max(runs, key=lambda m: (len(m.group(0).split()), -m.start()))
        name = body[offset + best.start():offset + best.end()].strip()
        # An acronym alone (SSO, API) names a feature, not an entity that may share its name.
        return name, not re.fullmatch(r"[A-Z0-9]{2,6}s?", name)
    words = [w for w in content_words(body) if w.lower() not in skip and w.lower() not in FRAME_WORDS] or \
        [w for w in content_words(body) if w.lower() not in FRAME_WORDS]  # "how many requests ...": what is counted
    return " ".join(words), False


_ALTERNATIVES = re.compile(r"(?<![\w.])(v?\d[\d.,]*(?:\s*[a-zA-Z%]+)?)\s+or\s+(v?\d[\d.,]*(?:\s*[a-zA-Z%]+)?)")
_KIND_TYPES = {"duration": AnswerType.DURATION, "size": AnswerType.SIZE, "rate": AnswerType.RATE,
               "percent": AnswerType.PERCENT, "number": AnswerType.COUNT}


def _alternative_amounts(q: str) -> AnswerType | None:
    """"Is the warm-up 2 or 4 epochs?", "Is retention 7 or 14 days?": a choice
    between two amounts asks for the amount, not yes or no."""
    m = _ALTERNATIVES.search(q)
    if not m:
        return None
    if re.search(r"\b(?:version|release)\b", q, re.IGNORECASE) and re.match(r"v?\d+\.\d+", m.group(2)):
        return AnswerType.VERSION
    norm = parse_value(m.group(2)) or parse_value(m.group(1))
    return _KIND_TYPES.get(norm.kind) if norm else None


_AGO = re.compile(r"\s+ago\b", re.IGNORECASE)
# "for a day", "for a whole year": one unit of time put forward in words
_ONE_UNIT = re.compile(r"\b(?:a|an|one)\s+(?:(?:whole|full|single)\s+)?([a-z]+)\b", re.IGNORECASE)


def put_forward(q: str) -> list[Mention]:
    """The amounts a question puts forward to be checked, counted things included ("10 receipts",
    "5 agents", "top out at 20 MB", "only remember offsets for a day"); a moment ("18 months ago")
    and a bare number ("Windows 10") are none."""
    out = [m for m in find_mentions(q) if not m.bare and m.norm.kind in _KIND_TYPES
           and not _AGO.match(q, m.end) and not (m.text.endswith("s") and m.text[:-1].isdigit())
           and not (m.norm.kind == "number" and (NAMED_RELEASE.search(q, 0, m.start)
                                                 or unit_name(m.text.split()[-1])))]
    for m in _ONE_UNIT.finditer(q):
        norm = parse_value("1 " + m.group(1))
        if norm is not None and norm.kind == "duration" and not _AGO.match(q, m.end()) \
                and not HOW_OFTEN.search(q, 0, m.start()) \
                and not any(x.start < m.end() and m.start() < x.end for x in out):
            out.append(Mention(m.start(), m.end(), m.group(0), norm))
    return out


def analyse_question(text: str) -> Question:
    """The expected answer type, asked noun, subject, cue terms and scope of a question."""
    q = main_question(text)
    back = antecedent(text, q)  # "X says Y. Is that right?": the claim the asking sentence points at
    low = q.lower()
    atype: AnswerType | None = None
    noun: str | None = None
    modifier: str | None = None  # a name before the noun asked about ("which numtool version")
    q = _CONTRACTIONS.sub(lambda m: m.group(1) + " is", q)
    whole = f"{back} {q}" if back else q  # the asking sentence with what it points back at
    asked_q = whole
    how = _HOW.search(q)
    core = asking_clause(q)  # "If X is missing, does ...?": what the clause after the comma asks
    wh = WH.search(core)
    if how:
        atype, noun = _how(how)
    elif wh:
        w = (wh.group(1) or wh.group(2)).lower()
        noun, modifier = _asked_noun(core) if w in ("what", "which") else (None, None)
        if w in ("who", "whom", "whose"):
            atype = AnswerType.PERSON
        elif w == "where":
            atype = AnswerType.PLACE
        elif w == "when":
            atype = AnswerType.DATE
        elif noun:
            atype = _noun_type(noun)
        if atype is None and noun and _OLDEST.search(q) and _CODE_NAME.search(q):
            atype = AnswerType.VERSION  # "the oldest tar that understands --exclude-vcs": its release
        if atype is None:
            atype = AnswerType.PHRASE
    elif YESNO.match(core):
        atype = _alternative_amounts(q) or AnswerType.YESNO
    else:
        atype = AnswerType.PHRASE
    if (atype in (AnswerType.YESNO, AnswerType.PHRASE) or atype in (AnswerType.DATE, AnswerType.YEAR, AnswerType.TIME)
            and not wh) and not how:
        offered = put_forward(asked_q)
        kinds = {m.norm.kind for m in offered}
        if len(kinds) > 1:  # "100 messages every 10 seconds": the measure with a unit, not the count
            offered = [m for m in offered if m.norm.kind != "number"]
            kinds.discard("number")
        if len(kinds) == 1:
            # "Is 4096 bytes still the default buffer size?", "is 10 receipts the limit?", "why do some
            # say 20 MB?": the one kind of amount a question puts forward is the measure it asks for;
            # the sources' values answer it, and whether they hold the one put forward
            atype, asked_q = _KIND_TYPES[kinds.pop()], mask_spans(asked_q, [(m.start, m.end) for m in offered])
    if re.search(r"\b(?:date of birth|birth date|birthdate)\b", low):
        atype, noun = AnswerType.DATE, noun or "birth"
    if noun and noun in DIMENSION_NOUNS or (noun or "").rstrip("s") in DIMENSION_NOUNS:
        atype = AnswerType.YESNO  # "Which plans include X?": where X is available
    if atype == AnswerType.PHRASE and re.search(r"\b(?:biggest|largest|smallest|longest|shortest|highest|lowest)\b",
                                                low) and not _noun_type(noun or ""):
        atype = AnswerType.QUANTITY  # "the biggest video file": a measure
    if atype == AnswerType.PHRASE and not _noun_type(noun or "") or atype == AnswerType.QUANTITY and not noun:
        # "What is the monthly fee?", "Maximum event payload size?", "How much is the Gold
        # tier?": a measure word sets the type
        # ("learning-rate scheduler": a hyphenated modifier names no measure)
        measured = [t for w in re.findall(r"[a-z]+(?:-[a-z]+)*", low) if (t := _noun_type(w)) in MEASURED_TYPES]
        if measured:  # the most specific: "minimum agent version" asks for a version
            atype = sorted(measured, key=lambda t: t == AnswerType.QUANTITY)[0]
    scope, _ = find_scope(q)
    skip = {noun} if noun else set()
    if modifier:
        skip.add(modifier)  # "which numtool version ...": the subject is what the version does
    # "how long", "how many" are the question, not its subject
    asked = f"{back} {q[:how.start()]} {q[how.end(1):]}".strip() if how else asked_q
    subject, named = _subject(asked, skip | set(FRAME_WORDS))
    if named and atype in NUMERIC_TYPES | {AnswerType.TIME, AnswerType.VERSION} and not _QUOTED.search(q) and (
            atype is AnswerType.VERSION or not re.search(rf"\b(?:of|in|for)\s+(?:the\s+)?{re.escape(subject)}", q)):
        # "How long does Hooklane wait ...", "What time does X take the service down?", "Since which
        # X release is a portal built in?", "Which release added support for Zstandard?": a measure of
        # what a product does, or the release of a feature, not an attribute of one of several things
        # that share a name ("the population of Longtown")
        named = False
    at = q.find(subject)
    owned = _OWNED_PLURAL.match(q, at + len(subject)) if named and at > 0 else None
    if owned and owned.group(1) not in STOP:
        # "Where are Acme snapshots kept?": a name before a plural noun owns
        # the things asked about; it is a product, not one of several things sharing a name
        named = False
    subject_terms = key_tokens(" ".join(content_words(subject))) if subject else frozenset()
    unscoped = mask_spans(asked, find_scope(asked)[1])  # "on the Team plan" narrows the answer, it is not asked
    all_terms = key_tokens(" ".join(w for w in content_words(unscoped) if w.lower() not in FRAME_WORDS))
    cue = frozenset(all_terms - subject_terms)
    return Question(text=whole, atype=atype, type_noun=noun, subject=subject,
                    subject_terms=frozenset(subject_terms), cue_terms=cue, scope=scope, named_subject=named,
                    asked=" ".join(text.split()))
