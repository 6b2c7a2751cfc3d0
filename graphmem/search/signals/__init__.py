"""One module per candidate source. Each adds scores to the pool and says in
``pool.status[signal]`` whether it ran ("ok ...") or why not."""
