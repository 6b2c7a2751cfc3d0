// After a completed run: move the scope's watermark forward (never back) and note the run time.
// $scope_key, $watermark (datetime or null = unchanged), $now. Returns: key.
MATCH (s:Scope {key: $scope_key})
SET s.dream_watermark = CASE
      WHEN $watermark IS NOT NULL
           AND (s.dream_watermark IS NULL OR $watermark > s.dream_watermark) THEN $watermark
      ELSE s.dream_watermark END,
    s.dream_last_run_at = $now
RETURN s.key AS key
