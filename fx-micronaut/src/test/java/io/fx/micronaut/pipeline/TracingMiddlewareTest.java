package io.fx.micronaut.pipeline;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import io.fx.micronaut.exception.ErrorCode;
import io.fx.micronaut.exception.FxException;
import io.fx.micronaut.model.ModelDescriptor;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What {@link TracingMiddleware} logs however the element it wraps ends: continuing, aborting or throwing. */
class TracingMiddlewareTest {

    private final Logger logger = (Logger) TracingMiddleware.LOG;
    private final ListAppender<ILoggingEvent> lines = new ListAppender<>();
    private final RequestContext context = RequestContext.builder(Operation.READ).requestId("r1")
        .model(ModelDescriptor.synthetic("Note", "notes").build()).build();

    @BeforeEach
    void capture() {
        lines.start();
        logger.addAppender(lines);
    }

    @AfterEach
    void release() {
        logger.detachAppender(lines);
    }

    @Test
    void anElementThatContinuesIsTimedWithWhatRanAfterIt() {
        boolean[] nextRan = new boolean[1];
        traced((c, next) -> next.next()).handle(context, () -> nextRan[0] = true);
        assertTrue(nextRan[0]);
        assertEquals(List.of("[r1] AUTH guard: µs (including what ran after it)"), logged());
    }

    @Test
    void anElementThatAbortsIsTimedAndNamedWithTheStatus() {
        traced((c, next) -> c.abort(403, "FORBIDDEN", "no")).handle(context, () -> {
            throw new AssertionError("an abort does not continue");
        });
        assertEquals(List.of("[r1] AUTH guard: µs (including what ran after it)", "[r1] AUTH guard aborted with 403"), logged());
    }

    @Test
    void anElementThatThrowsIsTimedAndNamedWithTheStatusAndCode() {
        FxException refusal = ErrorCode.FORBIDDEN.exception("no");
        FxException e = assertThrows(FxException.class, () -> traced((c, next) -> {
            throw refusal;
        }).handle(context, () -> { }));
        assertSame(refusal, e, "the exception propagates unchanged");
        assertEquals(List.of("[r1] AUTH guard: µs (including what ran after it)", "[r1] AUTH guard aborted with 403 FORBIDDEN"),
            logged());

        lines.list.clear();
        assertThrows(IllegalStateException.class, () -> traced((c, next) -> {
            throw new IllegalStateException("bug");
        }).handle(context, () -> { }));
        assertEquals(List.of("[r1] AUTH guard: µs (including what ran after it)",
            "[r1] AUTH guard aborted with 500: it threw java.lang.IllegalStateException"), logged());
    }

    @Test
    void anElementWhoseSuccessorThrowsIsTimedButNotBlamed() {
        assertThrows(FxException.class, () -> traced((c, next) -> next.next()).handle(context, () -> {
            throw ErrorCode.CONFLICT.exception("later");
        }));
        assertEquals(List.of("[r1] AUTH guard: µs (including what ran after it)"), logged());
    }

    @Test
    void timingsAndAbortsAreLoggedOnlyWhenAskedFor() {
        TracingMiddleware quiet = new TracingMiddleware(Step.AUTH, "guard", (c, next) -> {
            throw ErrorCode.FORBIDDEN.exception("no");
        }, new TraceSettings(true, false, false, false));
        assertThrows(FxException.class, () -> quiet.handle(context, () -> { }));
        assertEquals(List.of(), logged());
    }

    private static TracingMiddleware traced(Middleware delegate) {
        return new TracingMiddleware(Step.AUTH, "guard", delegate, TraceSettings.TIMINGS_AND_ABORTS);
    }

    /** The logged lines, with the measured duration left out. */
    private List<String> logged() {
        return lines.list.stream().map(e -> e.getFormattedMessage().replaceAll(": \\d+ µs", ": µs")).toList();
    }
}
