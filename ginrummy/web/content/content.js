// The reading pages remember a language picked on them, as the browser client does
// (localStorage "gin.lang", JSON), and follow a language picked in the client.
(function () {
  "use strict";
  var KEY = "gin.lang";
  var LANGUAGES = ["en", "it"];
  var page = document.documentElement.lang;
  var params = new URLSearchParams(window.location.search);
  function saved() {
    try {
      var raw = window.localStorage.getItem(KEY);
      return raw === null ? null : JSON.parse(raw);
    } catch (error) {
      return null;
    }
  }
  function remember(lang) {
    try {
      window.localStorage.setItem(KEY, JSON.stringify(lang));
    } catch (error) {
      /* not remembered: private window or full storage */
    }
  }
  if (params.has("lang")) {
    if (LANGUAGES.indexOf(params.get("lang")) >= 0) remember(params.get("lang"));
    return;
  }
  var chosen = saved();
  if (LANGUAGES.indexOf(chosen) >= 0 && chosen !== page) {
    params.set("lang", chosen);
    window.location.replace(window.location.pathname + "?" + params.toString() + window.location.hash);
  }
})();
