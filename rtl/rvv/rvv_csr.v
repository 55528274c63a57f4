// rvv_csr — the control and status registers of the rvv scalar core.
//   fflags/frm/fcsr, vstart (reads 0, writes ignored), vxsat/vxrm/vcsr (storage),
//   vl/vtype/vlenb (read-only; vl and vtype are written by vset{i}vl{i} from EX),
//   cycle/time/instret/hpmcounter3..31 (+h halves, read-only user aliases) and
//   mcycle/minstret/mhpmcounter3..31 (+h; machine-mode writes are ignored),
//   misa (writes ignored), mvendorid/marchid/mimpid/mhartid (read 0).
// Counter N of the perf port is mhpmcounter(N+1) for N >= 2 (0 = mcycle,
// 1 = minstret); hpm counters past NCOUNTERS read 0. Counters are 64 bits; the
// perf port carries the low halves.
// Any other address, or a write to a read-only one, is illegal (id_legal = 0):
// the decoder asks in ID, the access itself happens in WB (in order).
`default_nettype none

module rvv_csr #(
    parameter integer NCOUNTERS = 10,
    parameter integer VLEN      = 128
) (
    input  wire                    clk,
    input  wire                    rst,
    // ID: legality of an access
    input  wire [11:0]             id_addr,
    input  wire                    id_write,
    output reg                     id_legal,
    // WB: the access (old value out, new value in at the edge)
    input  wire                    wb_en,
    input  wire [11:0]             wb_addr,
    input  wire [1:0]              wb_op,       // funct3[1:0]: 1 write, 2 set, 3 clear
    input  wire                    wb_write,    // 0 for csrrs/csrrc with rs1/uimm = 0
    input  wire [7:0]              wb_src,      // every writable CSR is at most 8 bits wide
    output reg  [31:0]             wb_rdata,
    // fp exception flags to accumulate (retiring fp instructions, vector unit)
    input  wire [4:0]              fflags_set,
    // vl/vtype from a vset instruction leaving EX
    input  wire                    vset_we,
    input  wire [31:0]             vset_vl,
    input  wire [31:0]             vset_vtype,  // bit 31 = vill
    output wire [2:0]              frm,
    output wire [31:0]             vl,
    // counter events (one bit per counter per cycle)
    input  wire [NCOUNTERS-1:0]    inc,
    output wire [NCOUNTERS*32-1:0] perf
);
    localparam [31:0] MISA = 32'h4000_1120;      // RV32 I M F

    reg [4:0]  fflags_r;
    reg [2:0]  frm_r;
    reg        vxsat_r;
    reg [1:0]  vxrm_r;
    reg [31:0] vl_r, vtype_r;
    reg [63:0] cnt [0:NCOUNTERS-1];

    assign frm   = frm_r;
    assign vl    = vl_r;

    genvar g;
    generate
        for (g = 0; g < NCOUNTERS; g = g + 1) begin : g_perf
            assign perf[g*32 +: 32] = cnt[g][31:0];
        end
    endgenerate

    // counter index of a counter CSR's low 5 bits (-1: reads 0)
    function automatic integer cidx(input [4:0] n);
        if (n == 5'd0 || n == 5'd1) cidx = 0;      // cycle, time (= cycle)
        else if (n == 5'd2)          cidx = 1;      // instret
        else if ({27'd0, n} - 1 < NCOUNTERS) cidx = {27'd0, n} - 1;
        else                         cidx = -1;
    endfunction

    // ---- legality (ID) ----
    always @(*) begin
        casez (id_addr)
            12'h001, 12'h002, 12'h003, 12'h008, 12'h009, 12'h00a, 12'h00f,
            12'h301:                         id_legal = 1'b1;
            12'hc20, 12'hc21, 12'hc22,
            12'hf11, 12'hf12, 12'hf13, 12'hf14,
            12'b1100_000?_????, 12'b1100_100?_????: id_legal = ~id_write;
            12'b1011_000?_????, 12'b1011_100?_????: id_legal = id_addr[4:0] != 5'd1;
            default:                         id_legal = 1'b0;
        endcase
    end

    // ---- read (WB) ----
    wire integer ci = cidx(wb_addr[4:0]);
    wire [63:0]  cv = (ci >= 0) ? cnt[ci[$clog2(NCOUNTERS+1)-1:0]] : 64'd0;
    always @(*) begin
        casez (wb_addr)
            12'h001: wb_rdata = {27'd0, fflags_r};
            12'h002: wb_rdata = {29'd0, frm_r};
            12'h003: wb_rdata = {24'd0, frm_r, fflags_r};
            12'h009: wb_rdata = {31'd0, vxsat_r};
            12'h00a: wb_rdata = {30'd0, vxrm_r};
            12'h00f: wb_rdata = {29'd0, vxrm_r, vxsat_r};
            12'h301: wb_rdata = MISA;
            12'hc20: wb_rdata = vl_r;
            12'hc21: wb_rdata = vtype_r;
            12'hc22: wb_rdata = VLEN / 8;
            12'b1100_000?_????, 12'b1011_000?_????: wb_rdata = cv[31:0];
            12'b1100_100?_????, 12'b1011_100?_????: wb_rdata = cv[63:32];
            default: wb_rdata = 32'd0;
        endcase
    end

    reg [7:0]  nv;
    always @(*) begin
        case (wb_op)
            2'd1:    nv = wb_src;
            2'd2:    nv = wb_rdata[7:0] | wb_src;
            default: nv = wb_rdata[7:0] & ~wb_src;
        endcase
    end
    wire wr = wb_en & wb_write;

    integer i;
    always @(posedge clk) begin
        if (rst) begin
            fflags_r <= 5'd0;
            frm_r    <= 3'd0;
            vxsat_r  <= 1'b0;
            vxrm_r   <= 2'd0;
            vl_r     <= 32'd0;
            vtype_r  <= 32'h8000_0000;
            for (i = 0; i < NCOUNTERS; i = i + 1) cnt[i] <= 64'd0;
        end else begin
            fflags_r <= ((wr && (wb_addr == 12'h001 || wb_addr == 12'h003)) ? nv[4:0] : fflags_r) | fflags_set;
            if (wr && wb_addr == 12'h002) frm_r <= nv[2:0];
            if (wr && wb_addr == 12'h003) frm_r <= nv[7:5];
            if (wr && wb_addr == 12'h009) vxsat_r <= nv[0];
            if (wr && wb_addr == 12'h00a) vxrm_r <= nv[1:0];
            if (wr && wb_addr == 12'h00f) {vxrm_r, vxsat_r} <= nv[2:0];
            if (vset_we) begin
                vl_r    <= vset_vl;
                vtype_r <= vset_vtype;
            end
            for (i = 0; i < NCOUNTERS; i = i + 1)
                if (inc[i]) cnt[i] <= cnt[i] + 64'd1;
        end
    end
endmodule

`default_nettype wire
