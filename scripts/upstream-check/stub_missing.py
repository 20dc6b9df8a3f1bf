"""Stand-ins for packages not installable offline here, none of them used by loading, grading or reward
parsing: any attribute is a permissive dummy class. STUBBED lists what was stubbed (printed at exit)."""
import atexit, importlib.abc, importlib.machinery, sys, types

NAMES = set(sys.argv and __import__("os").environ.get("STUB_MODULES", "").split(","))
STUBBED = set()

class DummyMeta(type):
    def __getattr__(cls, name):
        if name.startswith("__") and name.endswith("__"): raise AttributeError(name)
        return Dummy()

class Dummy(metaclass=DummyMeta):
    def __init__(self, *a, **k): pass
    def __init_subclass__(cls, **k): pass
    def __call__(self, *a, **k): return Dummy()
    def __getattr__(self, name): return Dummy()
    def __class_getitem__(cls, item): return cls
    def __iter__(self): return iter(())
    def __bool__(self): return False
    def __lt__(self, other): return False
    def __gt__(self, other): return False
    def __le__(self, other): return True
    def __ge__(self, other): return True
    def __mro_entries__(self, bases): return (object,)
    @classmethod
    def __get_pydantic_core_schema__(cls, source, handler):
        from pydantic_core import core_schema
        return core_schema.any_schema()

class StubModule(types.ModuleType):
    def __getattr__(self, name):
        if name.startswith("__") and name.endswith("__"): raise AttributeError(name)
        cls = type(name, (Dummy,), {})
        setattr(self, name, cls)
        return cls

class Finder(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    def find_spec(self, fullname, path=None, target=None):
        if fullname.split(".")[0] in NAMES:
            STUBBED.add(fullname.split(".")[0])
            return importlib.machinery.ModuleSpec(fullname, self, is_package=True)
        return None
    def create_module(self, spec):
        m = StubModule(spec.name); m.__path__ = []; return m
    def exec_module(self, module): pass

sys.meta_path.append(Finder())
atexit.register(lambda: print("STUBBED:", ",".join(sorted(STUBBED)), file=sys.stderr))

if "zipfile_zstd" in NAMES:
    # zipfile_zstd adds zstandard to zipfile for writing .eval logs; the check writes json logs.
    import zipfile
    zipfile.ZIP_ZSTANDARD = 93

if "shortuuid" in NAMES:
    # Ids for runs, tasks and samples only.
    import uuid as _uuid
    _m = StubModule("shortuuid"); _m.__path__ = []
    _m.uuid = lambda *a, **k: _uuid.uuid4().hex[:22]
    class ShortUUID:
        def __init__(self, *a, **k): pass
        def uuid(self, *a, **k): return _uuid.uuid4().hex[:22]
        def random(self, length=22): return (_uuid.uuid4().hex * 2)[:length]
    _m.ShortUUID = ShortUUID
    _m.random = lambda length=22: (_uuid.uuid4().hex * 2)[:length]
    sys.modules["shortuuid"] = _m
    STUBBED.add("shortuuid")
