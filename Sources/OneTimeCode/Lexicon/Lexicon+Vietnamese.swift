extension LanguageLexicon {
  /// Vietnamese: mã OTP and mã xác thực from Vietnamese banks, e-wallets (MoMo, ZaloPay), VNeID, shops and carriers.
  static let vietnamese = LanguageLexicon(
    language: "vi", name: "Vietnamese",
    strongCodeTerms: [
      "mã xác thực", "mã xác nhận", "mã otp", "otp", "mật khẩu một lần", "mật khẩu dùng một lần",
      "mã kích hoạt", "mã bảo mật", "mã đăng nhập", "mã xác minh", "mã truy cập", "mật khẩu otp",
      "mã bảo vệ", "mã xác thực otp", "smart otp", "mã otp giao dịch", "mã xác thực giao dịch",
      "mã xác nhận giao dịch", "mã đăng ký", "mã kích hoạt tài khoản", "mã khôi phục",
      "mật khẩu tạm thời", "mã một lần", "ma otp", "ma xac thuc", "ma xac nhan",
    ],
    weakCodeTerms: [
      "mã", "mật khẩu", "pin", "code", "mã số", "xác thực", "xác nhận", "xác minh", "đăng nhập",
      "kích hoạt",
    ],
    codeLinkers: ["là", "của bạn", "của quý khách", "quý khách", "bạn", "nhập", "sử dụng", "cho"],
    negativeTerms: [
      .reference: [
        "đơn hàng", "mã đơn hàng", "mã vận đơn", "vận đơn", "kiện hàng", "đặt chỗ", "đặt phòng",
        "chuyến bay", "số vé", "mã vé", "vé máy bay", "hóa đơn", "hoá đơn", "mã giao dịch",
        "số tham chiếu", "mã tham chiếu",
        "ref", "mã đặt chỗ", "số ghế", "ghế", "hồ sơ", "mã hồ sơ", "lịch hẹn", "số thứ tự",
      ],
      .phone: [
        "gọi", "liên hệ", "hotline", "tổng đài", "điện thoại", "sđt", "số điện thoại", "zalo",
        "chăm sóc khách hàng", "cskh",
      ],
      .money: [
        "số dư", "sd", "số tiền", "thanh toán", "trừ", "nạp", "rút", "chuyển khoản",
        "phí", "giá bán", "giá tiền", "tổng", "tổng cộng", "ps", "gd", "tiền", "dư nợ", "hoàn tiền",
        "nợ cước",
        "cước",
      ],
      .account: [
        "tài khoản", "tk", "số thẻ", "thẻ tín dụng", "thẻ ghi nợ", "thẻ atm", "thẻ visa", "đuôi",
        "kết thúc bằng", "stk", "số tài khoản", "ví điện tử",
      ],
      .address: [
        "đường", "phường", "quận", "huyện", "tầng", "phòng", "ngõ", "ngách", "số nhà", "tòa",
        "toà", "mã bưu chính", "p.", "q.", "địa chỉ", "kiệt", "hẻm",
      ],
      .promo: [
        "mã giảm giá", "mã khuyến mãi", "khuyến mãi", "voucher", "giảm giá", "ưu đãi", "coupon",
        "mã ưu đãi", "quà tặng",
      ],
      .shortCode: ["soạn", "soạn tin", "gửi tới", "gửi đến", "để hủy", "từ chối"],
      .date: [
        "tháng", "thứ hai", "thứ ba", "thứ tư", "thứ năm", "thứ sáu", "thứ bảy", "chủ nhật",
        "ngày", "lúc", "buổi sáng", "buổi chiều", "buổi tối", "hôm nay", "ngày mai",
      ],
    ],
    durationUnits: [
      1: ["giây"],
      60: ["phút"],
      3600: ["giờ", "tiếng"],
      86400: ["ngày"],
    ],
    expiryTerms: [
      "có hiệu lực", "hiệu lực", "hết hạn", "trong vòng", "hạn sử dụng", "có giá trị",
      "co hieu luc", "het han",
    ],
    currencyTerms: ["đồng", "vnđ", "đ", "nghìn đồng", "ngàn", "nghìn", "triệu", "tr", "xu"],
    safetyTerms: [
      "không chia sẻ", "tuyệt đối không", "không cung cấp", "không tiết lộ", "không được cung cấp",
      "lừa đảo", "không bao giờ yêu cầu", "tuyệt đối không cung cấp", "không cung cấp mã",
      "khong cung cap", "khong chia se",
    ]
  )
}
