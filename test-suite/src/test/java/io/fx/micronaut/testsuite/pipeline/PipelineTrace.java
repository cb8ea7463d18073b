package io.fx.micronaut.testsuite.pipeline;

import io.fx.micronaut.model.AttributeKey;
import io.fx.micronaut.pipeline.RequestContext;

import java.util.ArrayList;
import java.util.List;

/** Records the order in which middleware ran, as a request attribute echoed in a header. */
final class PipelineTrace {

    private static final AttributeKey<Names> TRACE = AttributeKey.of("test.trace", Names.class);

    private PipelineTrace() {
    }

    static void mark(RequestContext context, String name) {
        Names names = context.attributes().get(TRACE).orElse(null);
        if (names == null) {
            names = new Names();
            context.attributes().put(TRACE, names);
        }
        List<String> trace = names.list;
        trace.add(name);
        context.response().setHeader("X-Trace", String.join(",", trace));
    }

    /** The names marked so far. */
    static final class Names {
        private final List<String> list = new ArrayList<>();
    }
}
