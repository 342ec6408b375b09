/** hls.js's light build (no subtitles, alternate audio or DRM) has the full build's API. */
declare module 'hls.js/light' {
  import Hls from 'hls.js';
  export default Hls;
}
