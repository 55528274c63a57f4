// rvv_vser — the element-serial engine of the arithmetic unit: reductions,
// slides, gathers, viota, vcompress. One element per cycle (gathers two:
// index read, then source read). vfredosum/vfredmin/vfredmax: one element per
// fp-lane latency, strictly in element order (acc = acc + vs2[i], lane 0).
// vfredusum is a tree: each of the LANES fp lanes accumulates its elements
// of every chunk (inactive elements count as -0.0), the LANES partial sums
// are added pairwise (log2 LANES rounds), then vs1[0] is added. Exact for
// integer-valued operands (what the random co-simulation gives it); QEMU 7.2
// adds in element order, so other operands may round differently.
// rvv_vec starts it only with the chunk pipe drained; it owns the VRF's
// arithmetic read ports a/b and write port while busy.
`default_nettype none
`include "rvv_vops.vh"
`include "rvv_fpu_ops.vh"

module rvv_vser #(
    parameter integer VLEN  = 128,
    parameter integer LANES = 4
) (
    input  wire              clk,
    input  wire              rst,
    input  wire              start,
    input  wire [3:0]        sop,       // RVV_S_*
    input  wire [5:0]        op,        // RVV_A_* of an integer reduction
    input  wire [4:0]        fop,       // RVV_FOP_* of an fp reduction
    input  wire              sgn,       // signed min/max
    input  wire [1:0]        sew,
    input  wire signed [3:0] lmul,
    input  wire              vm,
    input  wire [31:0]       evl,
    input  wire [31:0]       scal,      // slide offset, gather index, slide1 value
    input  wire [4:0]        vd,
    input  wire [4:0]        vs1,
    input  wire [4:0]        vs2,
    input  wire [2:0]        rm,
    output reg               busy,
    output reg               done,      // pulse: all writes done
    output wire [4:0]        ra_idx,    // vs2 group
    input  wire [VLEN-1:0]   ra_data,
    output wire [4:0]        rb_idx,    // vs1 group
    input  wire [VLEN-1:0]   rb_data,
    input  wire [VLEN-1:0]   v0,
    output reg               w_valid,
    output reg  [4:0]        w_idx,
    output reg  [VLEN-1:0]   w_data,
    output reg  [VLEN-1:0]   w_mask,
    output reg               f_valid,
    output reg  [4:0]        f_op,
    output reg  [2:0]        f_rm,
    output reg  [32*LANES-1:0] f_a,     // lane l: [32*l +: 32] (only lane 0 but for vfredusum)
    output reg  [32*LANES-1:0] f_b,
    input  wire              f_out_valid,
    input  wire [32*LANES-1:0] f_out,
    input  wire [4:0]        f_flags,
    output reg               fl_valid,  // fflags of one fp step
    output reg  [4:0]        fl
);
    localparam integer LV = $clog2(VLEN);

    // latched instruction
    reg [3:0]  s_sop;
    reg [5:0]  s_op;
    reg [4:0]  s_fop;
    reg        s_sgn, s_vm;
    reg [1:0]  s_sew;
    reg [31:0] s_evl, s_scal, s_vlmax;
    reg [4:0]  s_vd, s_vs1, s_vs2;
    reg [2:0]  s_rm;
    // progress
    reg [31:0] i, cnt, acc, gidx;
    reg        init, wait_f, gphase;
    reg [32*LANES-1:0] lacc;   // vfredusum partial sums, one per lane
    reg        ufin;           // vfredusum: final sum in acc
    integer    tree;           // vfredusum: 0 accumulate, 1..LANES/2 tree round (stride), >= LANES final

    // log2 of elements per register at EEW 8<<e
    function automatic [4:0] lepr(input [1:0] e);
        lepr = LV[4:0] - 5'd3 - {3'd0, e};
    endfunction
    /* verilator lint_off UNUSEDSIGNAL */
    function automatic [31:0] elem(input [VLEN-1:0] r, input [31:0] k, input [1:0] e);
        reg [VLEN-1:0] sh;
        sh = r >> ({{(32-LV){1'b0}}, k[LV-1:0] & ((LV'(1) << lepr(e)) - LV'(1))} << (3 + e));
        case (e)
            2'd0:    elem = {24'd0, sh[7:0]};
            2'd1:    elem = {16'd0, sh[15:0]};
            default: elem = sh[31:0];
        endcase
    endfunction
    /* verilator lint_on UNUSEDSIGNAL */
    function automatic [31:0] trunc(input [31:0] v, input [1:0] e);
        trunc = (e == 2'd0) ? {24'd0, v[7:0]} : (e == 2'd1) ? {16'd0, v[15:0]} : v;
    endfunction
    function automatic signed [32:0] sx(input [31:0] v, input [1:0] e, input s);
        case (e)
            2'd0:    sx = s ? {{25{v[7]}}, v[7:0]}   : {25'd0, v[7:0]};
            2'd1:    sx = s ? {{17{v[15]}}, v[15:0]} : {17'd0, v[15:0]};
            default: sx = s ? {v[31], v}             : {1'b0, v};
        endcase
    endfunction

    // source element index in the vs2 group, per operation
    reg [31:0] src;
    always @(*) begin
        case (s_sop)
            `RVV_S_SLUP:  src = i - s_scal;
            `RVV_S_SLDN:  src = i + s_scal;
            `RVV_S_SL1UP: src = i - 32'd1;
            `RVV_S_SL1DN: src = i + 32'd1;
            `RVV_S_GATH, `RVV_S_GATH16, `RVV_S_GATHX: src = gidx;
            `RVV_S_REDFU: src = i * LANES;
            default:      src = i;
        endcase
    end
    wire [1:0] eb = (s_sop == `RVV_S_GATH16) ? 2'd1 : s_sew;
    assign ra_idx = (s_sop == `RVV_S_IOTA) ? s_vs2 : s_vs2 + 5'(src >> lepr(s_sew));
    assign rb_idx = (s_sop == `RVV_S_COMPRESS || s_sop == `RVV_S_REDI || s_sop == `RVV_S_REDF || s_sop == `RVV_S_REDFU) ? s_vs1
                  : s_vs1 + 5'(i >> lepr(eb));

    wire act = s_vm || v0[i[LV-1:0]];

    always @(posedge clk) begin
        done     <= 1'b0;
        w_valid  <= 1'b0;
        f_valid  <= 1'b0;
        fl_valid <= 1'b0;
        if (rst) begin
            busy <= 1'b0; wait_f <= 1'b0;
        end else if (start) begin
            busy <= 1'b1; init <= 1'b1; wait_f <= 1'b0; gphase <= 1'b0;
            s_sop <= sop; s_op <= op; s_fop <= fop; s_sgn <= sgn; s_vm <= vm; s_sew <= sew;
            s_evl <= evl; s_scal <= scal; s_vd <= vd; s_vs1 <= vs1; s_vs2 <= vs2; s_rm <= rm;
            s_vlmax <= (lmul >= 4'sd0) ? (32'd1 << (5'(lepr(sew)) + 5'(lmul))) : (32'd1 << (lepr(sew) - 5'(-lmul)));
            i   <= (sop == `RVV_S_SLUP) ? ((scal < evl) ? scal : evl) : 32'd0;
            cnt <= 32'd0;
            gidx <= scal;
            tree <= 0;
            ufin <= 1'b0;
        end else if (busy) begin : step
            reg [31:0] x, r, di;
            reg        wr, adv;
            reg signed [32:0] p, q;
            x  = elem(ra_data, src, s_sew);
            wr = 1'b0; adv = 1'b1; r = 32'd0; di = i;
            if (init && (s_sop == `RVV_S_REDI || s_sop == `RVV_S_REDF || s_sop == `RVV_S_REDFU)) begin
                acc  <= elem(rb_data, 32'd0, s_sew);
                init <= 1'b0;
                adv  = 1'b0;
            end else if ((s_sop == `RVV_S_REDFU) ? (ufin || s_evl == 32'd0) : (i >= s_evl)) begin
                // finished: reductions write vd[0] (vl > 0 only)
                if ((s_sop == `RVV_S_REDI || s_sop == `RVV_S_REDF || s_sop == `RVV_S_REDFU) && s_evl != 32'd0) begin
                    wr = 1'b1; di = 32'd0; r = acc;
                end
                busy <= 1'b0; done <= 1'b1; adv = 1'b0;
            end else begin
                case (s_sop)
                    `RVV_S_REDI: if (act) begin
                        p = sx(acc, s_sew, s_sgn); q = sx(x, s_sew, s_sgn);
                        case (s_op)
                            `RVV_A_AND: acc <= acc & x;
                            `RVV_A_OR:  acc <= acc | x;
                            `RVV_A_XOR: acc <= acc ^ x;
                            `RVV_A_MIN: acc <= (q < p) ? x : acc;
                            `RVV_A_MAX: acc <= (q > p) ? x : acc;
                            default:    acc <= trunc(acc + x, s_sew);
                        endcase
                    end
                    `RVV_S_REDF: begin
                        if (act && !wait_f) begin
                            f_valid <= 1'b1; f_op <= s_fop; f_rm <= s_rm;
                            f_a <= {{(32*LANES-32){1'b0}}, acc}; f_b <= {{(32*LANES-32){1'b0}}, x};
                            wait_f <= 1'b1; adv = 1'b0;
                        end else if (wait_f) begin
                            adv = f_out_valid;
                            if (f_out_valid) begin
                                acc <= f_out[31:0]; wait_f <= 1'b0; fl_valid <= 1'b1; fl <= f_flags;
                            end
                        end
                    end
                    `RVV_S_REDFU: begin : usum
                        // i counts chunks of LANES elements; then the tree; then + vs1[0]
                        reg [32*LANES-1:0] xs;
                        integer l;
                        adv = 1'b0;
                        for (l = 0; l < LANES; l = l + 1)
                            xs[32*l +: 32] = ((i * LANES + l < s_evl) && (s_vm || v0[(i * LANES + l) % VLEN]))
                                           ? elem(ra_data, i * LANES + l, 2'd2) : 32'h80000000;
                        if (wait_f) begin
                            if (f_out_valid) begin
                                wait_f <= 1'b0; fl_valid <= 1'b1; fl <= f_flags;
                                if (tree == 0) begin lacc <= f_out; i <= i + 32'd1; end
                                else if (tree < LANES) begin lacc <= f_out; tree <= tree << 1; end
                                else begin acc <= f_out[31:0]; ufin <= 1'b1; end
                            end
                        end else if (tree == 0 && i * LANES < s_evl) begin
                            if (i == 32'd0) begin lacc <= xs; i <= 32'd1; end
                            else begin
                                f_valid <= 1'b1; f_op <= `RVV_FOP_FADD; f_rm <= s_rm; f_a <= lacc; f_b <= xs; wait_f <= 1'b1;
                            end
                        end else if (tree == 0) begin
                            tree <= 1;
                        end else if (tree < LANES) begin
                            // lanes l < LANES/(2*tree): lacc[l] + lacc[l + LANES/(2*tree)]
                            f_valid <= 1'b1; f_op <= `RVV_FOP_FADD; f_rm <= s_rm; f_a <= lacc;
                            f_b <= lacc >> (32 * (LANES / (2 * tree)));
                            wait_f <= 1'b1;
                        end else begin
                            f_valid <= 1'b1; f_op <= `RVV_FOP_FADD; f_rm <= s_rm;
                            f_a <= {{(32*LANES-32){1'b0}}, acc}; f_b <= {{(32*LANES-32){1'b0}}, lacc[31:0]};
                            wait_f <= 1'b1; tree <= LANES * 2;
                        end
                    end
                    `RVV_S_SLUP, `RVV_S_SLDN: begin
                        wr = act; r = (src < s_vlmax) ? x : 32'd0;
                    end
                    `RVV_S_SL1UP: begin wr = act; r = (i == 32'd0) ? trunc(s_scal, s_sew) : x; end
                    `RVV_S_SL1DN: begin wr = act; r = (i == s_evl - 32'd1) ? trunc(s_scal, s_sew) : x; end
                    `RVV_S_GATHX: begin wr = act; r = (gidx < s_vlmax) ? x : 32'd0; end
                    `RVV_S_GATH, `RVV_S_GATH16: begin
                        if (!gphase) begin
                            gidx <= elem(rb_data, i & ((32'd1 << lepr(eb)) - 32'd1), eb);
                            gphase <= 1'b1; adv = 1'b0;
                        end else begin
                            gphase <= 1'b0; wr = act; r = (gidx < s_vlmax) ? x : 32'd0;
                        end
                    end
                    `RVV_S_IOTA: begin
                        wr = act; r = cnt;
                        if (act && ra_data[i[LV-1:0]]) cnt <= cnt + 32'd1;
                    end
                    default: begin  // COMPRESS
                        if (rb_data[i[LV-1:0]]) begin
                            wr = 1'b1; di = cnt; r = x; cnt <= cnt + 32'd1;
                        end
                    end
                endcase
            end
            if (adv) i <= i + 32'd1;
            if (wr) begin : wrt
                reg [LV-1:0] bo;
                bo = {{(LV-1){1'b0}}, 1'b0} | (di[LV-1:0] & ((LV'(1) << lepr(s_sew)) - LV'(1)));
                w_valid <= 1'b1;
                w_idx   <= s_vd + 5'(di >> lepr(s_sew));
                w_data  <= {{(VLEN-32){1'b0}}, r} << ({{(32-LV){1'b0}}, bo} << (3 + s_sew));
                w_mask  <= {{(VLEN-32){1'b0}}, trunc(32'hffffffff, s_sew)} << ({{(32-LV){1'b0}}, bo} << (3 + s_sew));
            end
        end
    end
endmodule

`default_nettype wire
