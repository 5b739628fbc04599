"""The disk scripts/crash-replay.py replays a recording on: files and folders as inodes, each file with the
contents the running process saw (`volatile`), the contents as of its last fsync (`durable`) and its writes
since (`pending`); each folder with its entries as the process saw them and as its last fsync left them. A
folder is an inode too, so renaming one (kiln import publishes a folder) moves everything in it, and what a
power loss leaves of a folder created since its parent's last fsync is nothing at all.

A state is what a power loss leaves: {"files": relative path -> bytes, "folders": relative paths}."""
import os


class Inode:
    def __init__(self, folder, data=b"", durable=True):
        self.folder = folder
        self.entries, self.durable_entries = {}, {}  # folders: name -> inode
        self.volatile, self.durable = bytearray(data), bytes(data) if durable else b""
        self.pending = []  # files: (index, operation) of the writes and truncates since the last fsync


class Disk:
    def __init__(self, root):
        self.root, self.top, self.index = root, Inode(True), 0
        self.log = []  # folder entry changes no fsync of their folder has made durable: (index, kind, folder, name, inode)
        self.load(root, self.top)

    def load(self, path, folder):
        for name in sorted(os.listdir(path)):
            child_path = os.path.join(path, name)
            if os.path.isdir(child_path):
                child = Inode(True)
                self.load(child_path, child)
            else:
                with open(child_path, "rb") as handle:
                    child = Inode(False, handle.read())
            folder.entries[name] = folder.durable_entries[name] = child

    def place(self, path, create=False):
        """The folder holding `path` (below the root) and the last component; missing folders on the way are
        made when `create` (a folder the recording did not see being made)."""
        parts = os.path.relpath(path, self.root).split(os.sep)
        folder = self.top
        for part in parts[:-1]:
            child = folder.entries.get(part)
            if child is None or not child.folder:
                if not create:
                    return None, parts[-1]
                child = self.add(folder, part, Inode(True))
            folder = child
        return folder, parts[-1]

    def lookup(self, path):
        if os.path.realpath(path) == self.root:
            return self.top
        folder, name = self.place(path)
        return folder.entries.get(name) if folder else None

    def add(self, folder, name, inode):
        folder.entries[name] = inode
        self.log.append((self.index, "C", folder, name, inode))
        return inode

    def remove(self, folder, name):
        inode = folder.entries.pop(name, None)
        if inode is not None:
            self.log.append((self.index, "U", folder, name, inode))
        return inode

    def apply(self, operation, index=0):
        kind, path, other, number, payload = operation
        self.index = index
        if kind in "WT":
            inode = self.lookup(path)
            if inode is None:
                inode = self.add(*self.place(path, create=True), Inode(False, durable=False))
            inode.pending.append((index, operation))
            write(inode.volatile, operation)
        elif kind == "S":
            self.sync(self.lookup(path))
        elif kind == "M":
            self.add(*self.place(path, create=True), Inode(True))
        elif kind in "UD":
            folder, name = self.place(path)
            if folder:
                self.remove(folder, name)
        elif kind in "RL":
            source, name = self.place(path)
            inode = source.entries.get(name) if source else None
            if inode is not None:
                if kind == "R":
                    self.remove(source, name)  # the same index: one change, in two folders
                target, target_name = self.place(other, create=True)
                self.add(target, target_name, inode)

    def sync(self, inode):
        if inode is None:
            return
        if inode.folder:
            inode.durable_entries = dict(inode.entries)
            self.log = [entry for entry in self.log if entry[2] is not inode]
        else:
            inode.durable, inode.pending = bytes(inode.volatile), []

    def walk(self, entries_of, contents_of, folder=None, prefix=""):
        state = {"files": {}, "folders": set()}
        for name, inode in entries_of(folder or self.top).items():
            path = os.path.join(prefix, name)
            if inode.folder:
                state["folders"].add(path)
                inner = self.walk(entries_of, contents_of, inode, path)
                state["files"].update(inner["files"])
                state["folders"] |= inner["folders"]
            else:
                state["files"][path] = contents_of(inode)
        return state

    def named(self):
        """The file inodes that have a name now."""
        found, folders = [], [self.top]
        while folders:
            for inode in folders.pop().entries.values():
                (folders if inode.folder else found).append(inode)
        return found

    def pending(self):
        """The unsynced writes and truncates of the files that have a name now, in the order they were made."""
        return sorted(index for inode in set(self.named()) for index, _ in inode.pending)

    def unsynced(self):
        """The indexes of the folder entry changes not yet made durable (creations, renames, links, unlinks)."""
        return sorted({entry[0] for entry in self.log})

    def reordered_names(self, dropped):
        """Folder entries as their folders' last fsyncs left them, then every later change but `dropped`
        (creations, renames, links and unlinks reach the disk in any order until the folder's fsync), with the
        files' contents as the process saw them."""
        entries = {}

        def entries_of(folder):
            if id(folder) not in entries:
                entries[id(folder)] = dict(folder.durable_entries)
            return entries[id(folder)]

        for index, kind, folder, name, inode in self.log:
            if index == dropped:
                continue
            if kind == "C":
                entries_of(folder)[name] = inode
            elif entries_of(folder).get(name) is inode:
                del entries_of(folder)[name]
        return self.walk(entries_of, lambda inode: bytes(inode.volatile))

    def size(self, index):
        """How many bytes the unsynced write `index` wrote (0 for a truncate)."""
        for inode in self.named():
            for pending, operation in inode.pending:
                if pending == index:
                    return len(operation[4]) if operation[0] == "W" else 0
        return 0

    def partial(self, kept):
        """Names as the running process saw them, each file as of its last fsync plus only those of its unsynced
        writes that are in `kept` (index -> the length of its start that reached the disk, None for all): a
        power loss that persisted the folder entries and some of the data, in any order."""
        def contents(inode):
            data = bytearray(inode.durable)
            for index, operation in inode.pending:
                if index in kept:
                    write(data, torn(data, operation, kept[index]))
            return bytes(data)
        return self.walk(lambda folder: folder.entries, contents)

    def state(self, model):
        """What a power loss now leaves."""
        if model == "ordered":
            return self.walk(lambda folder: folder.entries, lambda inode: bytes(inode.volatile))
        entries = (lambda folder: folder.entries) if model == "renamed" else (lambda folder: folder.durable_entries)
        return self.walk(entries, lambda inode: inode.durable)


def torn(data, operation, length):
    """`operation` with only the first `length` bytes of its data new (None: all of it), the rest of its range
    as `data` held it before (zeros past the end): a write cut by the power loss after some of its sectors."""
    kind, first, second, number, payload = operation
    if length is None or kind != "W":
        return operation
    old = bytes(data[number + length:number + len(payload)])
    return kind, first, second, number, payload[:length] + old + bytes(len(payload) - length - len(old))


def write(data, operation):
    """Applies one recorded write or truncate to `data` (a bytearray). A file grown past its end reads zeros
    there: SQLite assumes such space may hold garbage, and zeros are one kind of it."""
    kind, _, _, number, payload = operation
    if kind == "W":
        if len(data) < number:
            data.extend(bytes(number - len(data)))
        data[number:number + len(payload)] = payload
    else:
        del data[number:]
        data.extend(bytes(number - len(data)))


def materialize(state, target):
    for folder in state["folders"]:
        os.makedirs(os.path.join(target, folder), exist_ok=True)
    for path, data in state["files"].items():
        destination = os.path.join(target, path)
        os.makedirs(os.path.dirname(destination), exist_ok=True)
        with open(destination, "wb") as handle:
            handle.write(data)


def key(state):
    """A state's identity, to replay each distinct one once."""
    return hash((tuple(sorted((path, hash(data)) for path, data in state["files"].items())),
                 tuple(sorted(state["folders"]))))
