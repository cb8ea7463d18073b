/**
 * The generic controller, probes and error rendering: the envelope for every answer under the path
 * prefix (including Micronaut's and Netty's own), the write body's media types ({@link
 * io.fx.micronaut.web.BodyMediaType}) and strict HTTP/1 framing on the Netty server.
 */
package io.fx.micronaut.web;
