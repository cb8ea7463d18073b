package io.fx.micronaut.web;

import io.micronaut.core.annotation.Internal;
import io.netty.channel.ChannelDuplexHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelPromise;
import io.netty.channel.socket.ChannelInputShutdownEvent;
import io.netty.channel.socket.DuplexChannel;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.util.ReferenceCountUtil;
import io.netty.util.concurrent.ScheduledFuture;

import java.util.concurrent.TimeUnit;

/**
 * Closes a connection answered 413 the way a client can read the answer: instead of closing at once (which, with
 * the unread rest of the body still arriving, makes the kernel reset the connection and throw the answer away), it
 * finishes sending, shuts its output, and reads and drops what the client still sends for up to
 * {@value #LINGER_SECONDS} s, closing as soon as the client does. The answer has {@code Connection: close}, so no
 * byte of the dropped body is ever taken for a request. One per connection, right after the HTTP codec.
 */
@Internal
final class LingeringCloseHandler extends ChannelDuplexHandler {

    /** The handler's name in the pipeline. */
    static final String NAME = "fx-lingering-close";
    /** The longest a refused body is drained before the connection is closed anyway. */
    static final long LINGER_SECONDS = 2;

    private boolean refused;
    private boolean lingering;
    private ScheduledFuture<?> deadline;

    @Override
    public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise) {
        if (msg instanceof HttpResponse response
            && response.status().code() == HttpResponseStatus.REQUEST_ENTITY_TOO_LARGE.code()) {
            refused = true;
        }
        ctx.write(msg, promise);
    }

    @Override
    public void close(ChannelHandlerContext ctx, ChannelPromise promise) {
        if (!refused || lingering || !ctx.channel().isActive() || !(ctx.channel() instanceof DuplexChannel duplex)) {
            ctx.close(promise);
            return;
        }
        lingering = true;
        ctx.flush();
        duplex.shutdownOutput();
        deadline = ctx.executor().schedule(() -> {
            ctx.close(promise);
        }, LINGER_SECONDS, TimeUnit.SECONDS);
        ctx.channel().closeFuture().addListener(closed -> {
            deadline.cancel(false);
            promise.trySuccess();
        });
        ctx.channel().config().setAutoRead(true);
        ctx.read();
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (lingering) {
            ReferenceCountUtil.release(msg);
            return;
        }
        ctx.fireChannelRead(msg);
    }

    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object event) throws Exception {
        if (lingering && event instanceof ChannelInputShutdownEvent) {
            ctx.channel().close();
            return;
        }
        super.userEventTriggered(ctx, event);
    }
}
