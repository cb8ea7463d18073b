package io.fx.micronaut.testsuite.history;

import io.fx.micronaut.annotation.Fx;
import io.fx.micronaut.annotation.FxModel;
import io.fx.micronaut.annotation.SoftDelete;
import io.fx.micronaut.model.BaseModel;

import java.util.Map;

/**
 * History test model: versioned, soft-deleting, with a hidden, a write-only and a redacted ({@code confidential})
 * field (never in a diff or a snapshot), a JSON object and a relation that a deleted {@link Shelf} nulls
 * ({@code setNull}).
 */
@FxModel(versioned = true, softDelete = SoftDelete.TIMESTAMP)
public class Chronicle extends BaseModel {

    @Fx("required, filterable")
    private String title;
    @Fx("enum:draft|published, default:draft")
    private String status;
    private Double rating;
    @Fx("hidden")
    private String secret;
    @Fx("writeonly")
    private String pin;
    @Fx("json_object")
    private Map<String, Object> meta;
    @Fx("onDelete:setNull")
    private String shelfId;
    private String team;
    @Fx("confidential")
    private String code;

    public String getTitle() { return title; }
    public void setTitle(String title) { this.title = title; }
    public String getStatus() { return status; }
    public void setStatus(String status) { this.status = status; }
    public Double getRating() { return rating; }
    public void setRating(Double rating) { this.rating = rating; }
    public String getSecret() { return secret; }
    public void setSecret(String secret) { this.secret = secret; }
    public String getPin() { return pin; }
    public void setPin(String pin) { this.pin = pin; }
    public Map<String, Object> getMeta() { return meta; }
    public void setMeta(Map<String, Object> meta) { this.meta = meta; }
    public String getCode() { return code; }
    public void setCode(String code) { this.code = code; }
    public String getTeam() { return team; }
    public void setTeam(String team) { this.team = team; }
    public String getShelfId() { return shelfId; }
    public void setShelfId(String shelfId) { this.shelfId = shelfId; }
}
