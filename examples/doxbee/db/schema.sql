-- The DoxBee upload's tables on a real PostgreSQL (PGlite or a server), created
-- in a schema of asyncmark's own. Every row an upload writes inside its
-- transaction carries the transaction's number (tx), so that the checks after a
-- run (checks.js) find each upload's rows; the k-th transaction is the k-th
-- upload's, as in the simulated I/O.

-- What the database decides failures from: the run's seed and likelihood, or
-- one named operation (and optionally only its index-th call).
CREATE TABLE fault_plan (
  seed bigint NOT NULL,
  likelihood double precision NOT NULL CHECK (likelihood BETWEEN 0 AND 1),
  op text,
  call integer
);

CREATE TABLE blobs (
  id text PRIMARY KEY,
  bytes bytea NOT NULL
);

CREATE TABLE versions (
  id text NOT NULL,
  blob_id text PRIMARY KEY REFERENCES blobs (id),
  user_account_id text NOT NULL,
  creator_id text NOT NULL,
  previous_id text,
  created_at timestamptz NOT NULL DEFAULT now(),
  tx integer NOT NULL UNIQUE
);

CREATE TABLE files (
  id text PRIMARY KEY,
  path text NOT NULL UNIQUE,
  user_account_id text NOT NULL,
  name text NOT NULL,
  version text NOT NULL,
  tx integer
);

CREATE TABLE file_versions (
  file_id text NOT NULL REFERENCES files (id),
  version_id text NOT NULL,
  tx integer NOT NULL UNIQUE REFERENCES versions (tx),
  PRIMARY KEY (file_id, version_id)
);

-- One row per transaction that asked to commit; written inside it, so that it
-- stays only if the commit succeeded.
CREATE TABLE commits (
  tx integer PRIMARY KEY,
  call integer NOT NULL
);

-- Whether the call-th call of op fails: the named operation of the plan, or a
-- draw from the seed (the first 32 bits of md5 of seed:op:call, over 2^32)
-- below the likelihood. The decision is the database's; the client only counts
-- its calls.
CREATE FUNCTION asyncmark_fails(op_name text, call_index integer) RETURNS boolean
LANGUAGE sql STABLE AS $$
  SELECT coalesce(bool_or(
    CASE WHEN p.op IS NOT NULL THEN p.op = op_name AND (p.call IS NULL OR p.call = call_index)
         ELSE ('x' || substr(md5(p.seed || ':' || op_name || ':' || call_index), 1, 8))::bit(32)::bigint / 4294967296.0 < p.likelihood
    END), false)
  FROM fault_plan p
$$;

-- The message of the failure of the call-th call of op, or null.
CREATE FUNCTION asyncmark_refusal(op_name text, call_index integer) RETURNS text
LANGUAGE sql STABLE AS $$
  SELECT CASE WHEN asyncmark_fails(op_name, call_index) THEN format('%s failed (by the database, call %s)', op_name, call_index) END
$$;

-- Raises the failure of the call-th call of op when the plan says so.
CREATE FUNCTION asyncmark_gate(op_name text, call_index integer) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  refusal text := asyncmark_refusal(op_name, call_index);
BEGIN
  IF refusal IS NOT NULL THEN
    RAISE EXCEPTION '%', refusal USING ERRCODE = 'P0001';
  END IF;
END $$;

CREATE FUNCTION asyncmark_blob_put(blob text, content bytea, call_index integer) RETURNS text
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM asyncmark_gate('blob.put', call_index);
  INSERT INTO blobs (id, bytes) VALUES (blob, content);
  RETURN blob;
END $$;

-- The lookup by id or path. In the branch where the file exists (file_exists), a
-- file met for the first time is created as an earlier upload would have left
-- it, with a version of its own, and then found.
CREATE FUNCTION asyncmark_file_get(id_or_path text, file_exists boolean, call_index integer)
RETURNS TABLE (id text, version text)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
BEGIN
  PERFORM asyncmark_gate('file.get', call_index);
  IF file_exists THEN
    INSERT INTO files (id, path, user_account_id, name, version)
    VALUES ('file-of:' || id_or_path, id_or_path, 'user-0', id_or_path, 'version-of:' || id_or_path)
    ON CONFLICT DO NOTHING;
  END IF;
  RETURN QUERY SELECT f.id, f.version FROM files f WHERE f.id = id_or_path OR f.path = id_or_path;
END $$;

CREATE FUNCTION asyncmark_version_insert(version_id text, blob text, user_account text, creator text, previous text, tx_number integer, call_index integer)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM asyncmark_gate('version.insert', call_index);
  INSERT INTO versions (id, blob_id, user_account_id, creator_id, previous_id, tx)
  VALUES (version_id, blob, user_account, creator, previous, tx_number);
END $$;

CREATE FUNCTION asyncmark_file_insert(file_id text, file_path text, user_account text, file_name text, version_id text, tx_number integer, call_index integer)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM asyncmark_gate('file.insert', call_index);
  INSERT INTO files (id, path, user_account_id, name, version, tx) VALUES (file_id, file_path, user_account, file_name, version_id, tx_number);
END $$;

CREATE FUNCTION asyncmark_file_version_insert(file_id text, version_id text, tx_number integer, call_index integer)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM asyncmark_gate('fileVersion.insert', call_index);
  INSERT INTO file_versions (file_id, version_id, tx) VALUES (file_id, version_id, tx_number);
END $$;

-- The file update is an UPDATE of the one file named; a file that is not there
-- fails it as an error, not silently.
CREATE FUNCTION asyncmark_file_update(file_id text, version_id text, call_index integer)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM asyncmark_gate('file.update', call_index);
  UPDATE files SET version = version_id WHERE id = file_id;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'file.update: no file %', file_id USING ERRCODE = 'P0002';
  END IF;
END $$;

-- A commit fails at COMMIT itself: the row its transaction writes in commits
-- is checked by a deferred constraint trigger, which runs when the
-- transaction commits and rolls it back when the plan says it fails.
CREATE FUNCTION asyncmark_commit_gate() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM asyncmark_gate('tx.commit', NEW.call);
  RETURN NULL;
END $$;

CREATE CONSTRAINT TRIGGER commit_gate AFTER INSERT ON commits
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION asyncmark_commit_gate();
