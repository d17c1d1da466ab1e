# Zabano as a static image: the binary (web app embedded, time zone data built in), CA
# certificates, and nothing else. Build and run: docs/operations.md, "Container image".
#   docker build --build-arg VERSION=$(git describe --always --dirty) -t zabano .

# The web app, built as `make build` does; its API client is generated from docs/openapi.yaml.
FROM node:22-bookworm-slim AS web
WORKDIR /src/web
COPY web/package.json web/package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY docs/openapi.yaml /src/docs/openapi.yaml
COPY web/ ./
RUN npm run build

# The binary: pure Go (modernc.org/sqlite), so static with CGO_ENABLED=0; -tags timetzdata
# builds the time zone database in (Asia/Tehran and every teacher's zone).
FROM golang:1.26-bookworm AS build
WORKDIR /src
COPY go.mod go.sum ./
RUN go mod download
COPY . .
COPY --from=web /src/web/dist/ web/dist/
ARG VERSION=dev
RUN CGO_ENABLED=0 go build -tags timetzdata -trimpath \
      -ldflags "-s -w -X main.version=${VERSION}" -o /out/zabano ./cmd/zabano \
 && mkdir -p /out/data /out/tmp && chmod 1777 /out/tmp

FROM scratch
# Kavenegar, Zarinpal and S3 are reached over TLS.
COPY --from=build /etc/ssl/certs/ca-certificates.crt /etc/ssl/certs/ca-certificates.crt
COPY --from=build /out/zabano /zabano
# SQLite may spill large sorts to a temporary file.
COPY --from=build /out/tmp /tmp
# The SQLite file and uploaded media; a new volume takes this folder's owner.
COPY --from=build --chown=65532:65532 /out/data /data
USER 65532:65532
ENV ZABANO_ADDR=0.0.0.0:8080 \
    ZABANO_DATA_DIR=/data
VOLUME /data
EXPOSE 8080
ENTRYPOINT ["/zabano"]
CMD ["serve"]
