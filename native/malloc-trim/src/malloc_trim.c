// malloc_trim(0) for the local engine (issue 24): glibc keeps the memory a stopped page worker freed
// in the middle of that thread's heap, and only malloc_trim gives it back to the system. Node-API
// only, so one binary loads in Node and in Electron. Elsewhere (macOS, Windows, musl) there is no
// such call: trim() answers "not available".
#include <node_api.h>

#ifdef __GLIBC__
#include <malloc.h>
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

static napi_value Init(napi_env env, napi_value exports) {
  napi_value trim;
  if (napi_create_function(env, "trim", NAPI_AUTO_LENGTH, Trim, NULL, &trim) != napi_ok) return NULL;
  if (napi_set_named_property(env, exports, "trim", trim) != napi_ok) return NULL;
  return exports;
}

NAPI_MODULE_INIT() {
  return Init(env, exports);
}
