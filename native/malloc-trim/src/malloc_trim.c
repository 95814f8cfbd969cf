// glibc's allocator calls for the local engine, through Node-API only, so one binary loads in Node
// and in Electron. Elsewhere (macOS, Windows, musl) there are no such calls: both answer undefined.
//
// trim(): malloc_trim(0) (issue 24): glibc keeps the memory a stopped page worker freed in the
// middle of that thread's heap, and only malloc_trim gives it back to the system.
//
// fixMmapThreshold(bytes): what MALLOC_MMAP_THRESHOLD_=<bytes> in the environment did, called once
// at the engine's start (src/engine/pipeline/read/ocr/heap-trim.ts says why): every block of `bytes`
// or more mapped on its own and unmapped when freed, and glibc's dynamic threshold turned off.
#include <node_api.h>

#ifdef __GLIBC__
#include <malloc.h>
// glibc's default M_TRIM_THRESHOLD (128 KiB), which the variable leaves in place.
#define DEFAULT_TRIM_THRESHOLD (128 * 1024)
#endif

// Returns 1 when glibc released memory to the system, 0 when it had nothing to release, or
// undefined where there is no malloc_trim.
static napi_value Trim(napi_env env, napi_callback_info info) {
  (void)info;
  napi_value result;
#ifdef __GLIBC__
  if (napi_create_int32(env, malloc_trim(0), &result) != napi_ok) return NULL;
#else
  if (napi_get_undefined(env, &result) != napi_ok) return NULL;
#endif
  return result;
}

// Returns the threshold glibc now uses (the argument), 0 when glibc refused it, or undefined where
// there is no mallopt. Throws on an argument that is not a positive whole number of bytes.
static napi_value FixMmapThreshold(napi_env env, napi_callback_info info) {
  size_t argc = 1;
  napi_value argv[1];
  if (napi_get_cb_info(env, info, &argc, argv, NULL, NULL) != napi_ok) return NULL;
  int32_t bytes = 0;
  napi_valuetype type = napi_undefined;
  if (argc >= 1 && napi_typeof(env, argv[0], &type) != napi_ok) return NULL;
  if (type != napi_number || napi_get_value_int32(env, argv[0], &bytes) != napi_ok || bytes <= 0) {
    napi_throw_type_error(env, NULL, "fixMmapThreshold takes a positive number of bytes");
    return NULL;
  }
  napi_value result;
#ifdef __GLIBC__
  // The variable is read before the first allocation; by the time this runs, Node has freed large
  // mapped blocks, and each raised the dynamic threshold and with it the trim threshold (to twice
  // the threshold). Both are put back where the variable would have kept them: the mmap threshold
  // fixed (which also turns the dynamic one off) and the trim threshold at glibc's default.
  int fixed = mallopt(M_MMAP_THRESHOLD, bytes) == 1 && mallopt(M_TRIM_THRESHOLD, DEFAULT_TRIM_THRESHOLD) == 1;
  if (napi_create_int32(env, fixed ? bytes : 0, &result) != napi_ok) return NULL;
#else
  if (napi_get_undefined(env, &result) != napi_ok) return NULL;
#endif
  return result;
}

static int Export(napi_env env, napi_value exports, const char *name, napi_callback callback) {
  napi_value fn;
  return napi_create_function(env, name, NAPI_AUTO_LENGTH, callback, NULL, &fn) == napi_ok && napi_set_named_property(env, exports, name, fn) == napi_ok;
}

static napi_value Init(napi_env env, napi_value exports) {
  if (!Export(env, exports, "trim", Trim) || !Export(env, exports, "fixMmapThreshold", FixMmapThreshold)) return NULL;
  return exports;
}

NAPI_MODULE_INIT() {
  return Init(env, exports);
}
