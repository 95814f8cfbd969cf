{
  "targets": [
    {
      "target_name": "malloc_trim",
      "sources": ["src/malloc_trim.c"],
      "defines": ["NAPI_VERSION=8"]
    }
  ]
}
