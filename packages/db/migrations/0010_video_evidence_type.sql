-- Video becomes a fifth evidence type a task may ask for (issue 28). ADD VALUE appends to the enum in
-- place: rows written before keep their values, and the column's default stays {photo}.
ALTER TYPE "public"."evidence_type" ADD VALUE 'video';
